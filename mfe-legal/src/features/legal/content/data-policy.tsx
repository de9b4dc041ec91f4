import english from '../../../locales/data.en.json';
import { ContactDetails } from '../components/contact-details';
import { CatalogTable } from '../components/policy-table';
import { legalDocument } from '../legal-text';

/** Rows of the retention table: account, transactions, sessions, notifications, analytics, marketing. */
const RETENTION_ROWS = 6;

export const useDataPolicy = legalDocument({
  ns: 'legal-data',
  english,
  kiswahili: () => import('../../../locales/data.sw.json'),
  path: '/legal/data-policy',
  showNavigation: true,
  shape: {
    intro: ['p'],
    'data-collection': ['p', ['ul', 3], 'p'],
    'data-processing': ['p', ['ul', 5], 'p'],
    'data-storage-and-security': ['p', ['ul', 6], 'p'],
    'data-retention': ['p', (t) => <CatalogTable t={t} name="data-retention.table" rows={RETENTION_ROWS} />, 'p'],
    'data-sharing': ['p', ['ul', 4]],
    'your-data-rights': ['p', ['ul', 6], 'p', 'p'],
    'international-data-transfers': ['p', 'p'],
    'childrens-privacy': ['p', 'p'],
    'changes-to-this-policy': ['p'],
    'contact-us': ['p', () => <ContactDetails withDpo />],
  },
});
