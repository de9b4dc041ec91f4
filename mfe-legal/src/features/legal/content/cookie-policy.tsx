import { Link } from 'react-router-dom';
import { ContactDetails } from '../components/contact-details';
import { PolicyTable } from '../components/policy-table';
import { LAST_UPDATED, type LegalDocument } from '../legal-document';

function CookieName({ label, name }: { label: string; name: string }) {
  return (
    <>
      {label}
      {/* break-all only here: long cookie names must not force the table wider than a phone. */}
      <code className="mt-1 block font-mono text-xs break-all text-stone-500">{name}</code>
    </>
  );
}

export const cookiePolicy: LegalDocument = {
  title: 'Cookie Policy',
  path: '/legal/cookie-policy',
  lastUpdated: LAST_UPDATED,
  showNavigation: true,
  intro: (
    <p>
      This Cookie Policy explains how ShambaSoko uses cookies and similar technologies, such as your browser&apos;s local storage, when you
      visit our website. It should be read with our <Link to="/legal/privacy-policy">Privacy Policy</Link>, which explains how we handle
      personal data in line with the Data Protection Act, 2019.
    </p>
  ),
  sections: [
    {
      id: 'what-are-cookies',
      title: 'What Are Cookies',
      body: (
        <>
          <p>
            Cookies are small text files that a website stores in your browser when you visit it. They let the site recognise your browser
            on later requests, for example to keep you signed in as you move between pages.
          </p>
          <p>
            Local storage and IndexedDB are similar browser features that keep information on your device until it is deleted. In this
            policy, &quot;cookies&quot; covers all of these technologies.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-cookies',
      title: 'How We Use Cookies',
      body: (
        <>
          <p>We use cookies for three purposes:</p>
          <ul>
            <li>
              <strong>Essential:</strong> to keep you signed in securely as you move between pages and to protect your account. ShambaSoko
              cannot work without these.
            </li>
            <li>
              <strong>Preferences:</strong> to remember choices such as the role you last used (for example farmer or supplier) and the
              accounts recently used on your device, up to five, so you can switch quickly.
            </li>
            <li>
              <strong>Analytics:</strong> to count visits and see which pages and features are used, so we can improve them. We use this
              information in aggregate and do not use it for advertising.
            </li>
          </ul>
          <p>We do not use cookies to sell your data or to show you third-party advertising.</p>
        </>
      ),
    },
    {
      id: 'cookies-we-use',
      title: 'Cookies We Use',
      body: (
        <>
          <p>These are the cookies ShambaSoko itself sets:</p>
          <PolicyTable
            caption="Cookies set by ShambaSoko"
            columns={['Name', 'Purpose', 'Duration']}
            rows={[
              [
                <CookieName label="Session cookie" name="shambasoko_session" />,
                'Keeps you signed in and protects your requests while you use ShambaSoko. Essential.',
                'Session (deleted when you close your browser)',
              ],
              [
                <CookieName label="Preferences cookie" name="shambasoko_prefs" />,
                'Remembers your settings, such as your selected role and display choices.',
                '1 year',
              ],
              [
                <CookieName label="Analytics cookie" name="shambasoko_analytics" />,
                'A random identifier used to count visits and measure how features are used, in aggregate.',
                '2 years',
              ],
            ]}
          />
          <p>
            We also keep some information in your browser&apos;s local storage: your sign-in tokens and account identifier (removed when you
            sign out), the list of recently used accounts on the device, your selected role and a random device identifier used to recognise
            sign-ins from your device. These stay until you sign out, remove the account from the list, or clear your browser&apos;s site
            data.
          </p>
        </>
      ),
    },
    {
      id: 'third-party-cookies',
      title: 'Third-Party Cookies',
      body: (
        <>
          <p>
            ShambaSoko uses <strong>Firebase Authentication</strong>, a service provided by Google, as its identity provider. When you
            register or sign in, Firebase Authentication stores your sign-in state in your browser&apos;s storage so that you stay signed
            in, and Google processes the information needed to confirm who you are.
          </p>
          <p>
            If you choose &quot;Continue with Google&quot;, Google&apos;s sign-in window also sets Google&apos;s own cookies on
            Google&apos;s domains. We do not control these cookies; Google uses them as described in the{' '}
            <a href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer">
              Google Privacy Policy
            </a>{' '}
            and{' '}
            <a href="https://firebase.google.com/support/privacy" target="_blank" rel="noopener noreferrer">
              Firebase privacy information
            </a>
            .
          </p>
          <p>
            Our payment partners may set their own cookies on their pages when you pay by M-Pesa, card or bank, to secure the payment and
            prevent fraud. Their cookie notices apply to those pages.
          </p>
        </>
      ),
    },
    {
      id: 'managing-cookie-preferences',
      title: 'Managing Your Cookie Preferences',
      body: (
        <>
          <p>You are in control of the cookies on your device:</p>
          <ul>
            <li>
              Most browsers, including Chrome, Safari, Firefox and Edge on phones and computers, let you view, block and delete cookies and
              site data in their privacy or site settings.
            </li>
            <li>
              Signing out of ShambaSoko removes your sign-in tokens. Clearing your browser&apos;s site data for ShambaSoko removes
              everything we store on the device, including the list of recent accounts.
            </li>
            <li>
              Blocking preference or analytics cookies does not stop you from using ShambaSoko. Blocking essential cookies and storage will
              stop you from signing in.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'updates-to-this-policy',
      title: 'Updates to This Policy',
      body: (
        <p>
          We will update this policy when we add, change or remove a cookie, and change the date at the top of the page. If we start using
          cookies for a new purpose that needs your consent, we will ask for it before setting them.
        </p>
      ),
    },
    {
      id: 'contact-us',
      title: 'Contact Us',
      body: (
        <>
          <p>If you have questions about our use of cookies, contact us:</p>
          <ContactDetails withDpo />
        </>
      ),
    },
  ],
};
