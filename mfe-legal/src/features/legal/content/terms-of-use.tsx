import english from '../../../locales/terms.en.json';
import { ContactDetails } from '../components/contact-details';
import { legalDocument } from '../legal-text';

export const useTermsOfUse = legalDocument({
  ns: 'legal-terms',
  english,
  kiswahili: () => import('../../../locales/terms.sw.json'),
  path: '/legal/terms-of-use',
  shape: {
    intro: ['p'],
    'acceptance-of-terms': ['p', 'p'],
    'our-services': ['p', ['ul', 3], 'p'],
    'eligibility-and-accounts': ['p', ['ul', 4]],
    'farm-records-and-team-access': ['p', ['ul', 3]],
    'marketplace-listings-and-sales': ['p', 'h3', ['ul', 3], 'h3', ['ul', 2]],
    'payments-and-fees': ['p', ['ul', 3]],
    'delivery-returns-and-disputes': ['p', 'p'],
    'acceptable-use': ['p', ['ul', 6], 'p'],
    'content-and-intellectual-property': ['p', 'p'],
    'privacy-and-your-data': ['p'],
    'limitation-of-liability': ['p', 'p'],
    'governing-law-and-contact': ['p', 'p', () => <ContactDetails />],
  },
});
