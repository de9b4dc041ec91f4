import english from '../../../locales/privacy.en.json';
import { ContactDetails } from '../components/contact-details';
import { legalDocument } from '../legal-text';

export const usePrivacyPolicy = legalDocument({
  ns: 'legal-privacy',
  english,
  kiswahili: () => import('../../../locales/privacy.sw.json'),
  path: '/legal/privacy-policy',
  shape: {
    intro: ['p', 'p'],
    'information-we-collect': ['p', ['ul', 6], 'p'],
    'how-we-use-your-information': ['p', ['ul', 5], 'p'],
    'how-we-share-your-information': ['p', ['ul', 4]],
    'cookies-and-similar-technologies': ['p', 'p'],
    'data-security-and-retention': ['p', 'p'],
    'your-rights': ['p', ['ul', 6], 'p'],
    'changes-to-this-policy': ['p'],
    'contact-us': ['p', () => <ContactDetails withDpo />],
  },
});
