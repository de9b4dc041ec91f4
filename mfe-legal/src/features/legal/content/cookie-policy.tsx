import english from '../../../locales/cookies.en.json';
import { ContactDetails } from '../components/contact-details';
import { CatalogTable } from '../components/policy-table';
import { legalDocument } from '../legal-text';

function CookieName({ label, name }: { label: string; name: string }) {
  return (
    <>
      {label}
      {/* break-all only here: long cookie names must not force the table wider than a phone. */}
      <code className="mt-1 block font-mono text-xs break-all text-stone-500">{name}</code>
    </>
  );
}

const COOKIES = ['shambasoko_session', 'shambasoko_prefs', 'shambasoko_analytics'];

export const useCookiePolicy = legalDocument({
  ns: 'legal-cookies',
  english,
  kiswahili: () => import('../../../locales/cookies.sw.json'),
  path: '/legal/cookie-policy',
  showNavigation: true,
  shape: {
    intro: ['p'],
    'what-are-cookies': ['p', 'p'],
    'how-we-use-cookies': ['p', ['ul', 3], 'p'],
    'cookies-we-use': [
      'p',
      (t) => (
        <CatalogTable
          t={t}
          name="cookies-we-use.table"
          rows={COOKIES.length}
          head={(label, row) => <CookieName label={label} name={COOKIES[row] ?? ''} />}
        />
      ),
      'p',
    ],
    'third-party-cookies': ['p', 'p', 'p'],
    'managing-cookie-preferences': ['p', ['ul', 3]],
    'updates-to-this-policy': ['p'],
    'contact-us': ['p', () => <ContactDetails withDpo />],
  },
});
