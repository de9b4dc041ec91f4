import { Link } from 'react-router-dom';
import { ContactDetails } from '../components/contact-details';
import { LAST_UPDATED, LEGAL_CONTACT, type LegalDocument } from '../legal-document';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  path: '/legal/privacy-policy',
  lastUpdated: LAST_UPDATED,
  intro: (
    <>
      <p>
        ShambaSoko is an agricultural marketplace and farm-management platform that connects farmers, suppliers, retailers, manufacturers,
        bulk buyers, service providers and consumers across Kenya. This Privacy Policy explains what personal data we collect when you use
        ShambaSoko, why we collect it, who we share it with and the choices you have.
      </p>
      <p>
        ShambaSoko is the data controller for the personal data described here. We handle personal data in line with the Data Protection
        Act, 2019 and the Data Protection (General) Regulations, 2021. Our <Link to="/legal/data-policy">Data Policy</Link> sets out the
        same commitments in more operational detail, including exactly how long we keep each kind of record.
      </p>
    </>
  ),
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      body: (
        <>
          <p>We collect only what we need to run the service. Depending on how you use ShambaSoko, this includes:</p>
          <ul>
            <li>
              <strong>Account details:</strong> your first and last name, e-mail address, phone number, profile photo (if you sign in with
              Google) and the role you use on the platform, such as farmer, supplier or buyer.
            </li>
            <li>
              <strong>Sign-in information:</strong> when you register or sign in, with an e-mail and password or with your Google account,
              our identity provider confirms who you are and gives us a unique account identifier. We never see or store your Google
              password, and your ShambaSoko password is held by the identity provider in hashed form, never in plain text.
            </li>
            <li>
              <strong>Farm records:</strong> the farms, fields, seasons, crops, activities, team members, budgets and costs you enter,
              including farm names, locations, county, field sizes and planting dates.
            </li>
            <li>
              <strong>Marketplace and order information:</strong> products you list or buy, prices in Kenya Shillings (Ksh), delivery
              addresses and counties, messages with other users and reviews you post.
            </li>
            <li>
              <strong>Payment information:</strong> payment method, amount, date and the reference returned by our payment partner: for
              M-Pesa, the phone number the payment prompt was sent to and the M-Pesa receipt number; for cards, the brand and last four
              digits reported by our card payment partner; for bank transfers, who confirmed the payment and when. M-Pesa payments are
              approved with your PIN on your own phone, so we never receive your PIN. Card details are typed on our card payment
              partner&apos;s secure page, so your full card number and security code never reach ShambaSoko.
            </li>
            <li>
              <strong>Device and usage information:</strong> your browser, device make and model, operating system and version, the IP
              address you connect from (used to protect sign-in, not stored with your account), and the pages and features you use, which
              help us keep accounts secure and improve the service. We never keep your device&apos;s serial number, IMEI or MAC address.
            </li>
          </ul>
          <p>ShambaSoko is intended for people aged 18 and over. We do not knowingly collect personal data from children.</p>
        </>
      ),
    },
    {
      id: 'how-we-use-your-information',
      title: 'How We Use Your Information',
      body: (
        <>
          <p>We use your personal data for specific purposes, each with a lawful basis under the Data Protection Act:</p>
          <ul>
            <li>
              <strong>To provide the service you signed up for</strong> (performance of our contract with you): create and secure your
              account, keep your farm records, show your listings, process orders and payments and arrange delivery.
            </li>
            <li>
              <strong>To keep ShambaSoko safe</strong> (our legitimate interests and legal obligations): detect fraud, fake listings and
              unauthorised access, and investigate complaints between buyers and sellers.
            </li>
            <li>
              <strong>To meet our legal duties</strong> (legal obligation): keep transaction records required by Kenyan tax law and respond
              to lawful requests from courts and regulators.
            </li>
            <li>
              <strong>To improve the platform</strong> (legitimate interests): understand which features farmers use and produce statistics,
              such as average input prices per county, that never identify an individual farm or person.
            </li>
            <li>
              <strong>To send you news and offers</strong> (consent): only if you agree, and you can opt out at any time from the message
              itself or by contacting us.
            </li>
          </ul>
          <p>
            We do not sell your personal data, and we do not make decisions about you that have legal or similarly significant effects based
            solely on automated processing.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-share-your-information',
      title: 'How We Share Your Information',
      body: (
        <>
          <p>We share personal data only where it is needed to deliver the service or where the law requires it:</p>
          <ul>
            <li>
              <strong>Other users you deal with:</strong> when you buy or sell, the other party sees the name, phone number, county and
              delivery details needed to complete the order. Farm team members see the farm records their farm role allows.
            </li>
            <li>
              <strong>Service providers:</strong> our identity provider (Firebase Authentication, a Google service), hosting providers,
              payment partners for M-Pesa, card and bank payments, and delivery partners. They process data only on our instructions and
              under written contracts that require them to protect it.
            </li>
            <li>
              <strong>Authorities:</strong> the Kenya Revenue Authority, courts, the police or other public bodies when Kenyan law requires
              it or to protect the rights and safety of our users.
            </li>
            <li>
              <strong>Business changes:</strong> a buyer of or successor to our business, who must honour this policy.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'cookies-and-similar-technologies',
      title: 'Cookies and Similar Technologies',
      body: (
        <>
          <p>
            We use cookies and your browser&apos;s local storage to keep you signed in, remember your preferences and the accounts recently
            used on your device, and understand how the platform is used. Some of these are set by our identity provider when you sign in
            with Google.
          </p>
          <p>
            Our <Link to="/legal/cookie-policy">Cookie Policy</Link> lists each cookie, what it does and how long it lasts, and explains how
            to manage or delete cookies.
          </p>
        </>
      ),
    },
    {
      id: 'data-security-and-retention',
      title: 'Data Security and Retention',
      body: (
        <>
          <p>
            We protect personal data with encryption in transit, access controls based on farm roles, and staff access limited to those who
            need it. If a data breach is likely to put you at risk, we will notify the Office of the Data Protection Commissioner within 72
            hours of becoming aware of it, as the Act requires, and tell you without undue delay.
          </p>
          <p>
            We keep personal data only as long as we need it: account information until you delete your account, transaction records for 7
            years, usage analytics for 2 years and marketing data until you opt out. Our <Link to="/legal/data-policy">Data Policy</Link>{' '}
            explains the reasons for each period.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your Rights',
      body: (
        <>
          <p>Under the Data Protection Act, 2019 you have the right to:</p>
          <ul>
            <li>be informed of how your personal data is used;</li>
            <li>access the personal data we hold about you;</li>
            <li>have inaccurate or misleading data corrected, and unlawfully held data deleted;</li>
            <li>object to processing, including direct marketing;</li>
            <li>receive your data in a structured, machine-readable format and have it moved to another service;</li>
            <li>withdraw consent at any time, without affecting processing that happened before.</li>
          </ul>
          <p>
            You can update most account and farm details yourself in the app. For anything else, write to our Data Protection Officer at{' '}
            <a href={`mailto:${LEGAL_CONTACT.dpoEmail}`}>{LEGAL_CONTACT.dpoEmail}</a>. If you are not satisfied with our answer, you may
            complain to the Office of the Data Protection Commissioner (ODPC) at <a href="https://www.odpc.go.ke">www.odpc.go.ke</a>.
          </p>
        </>
      ),
    },
    {
      id: 'changes-to-this-policy',
      title: 'Changes to This Policy',
      body: (
        <p>
          We may update this policy when our services or the law change. The date at the top of the page shows when it last changed. If a
          change materially affects how we use your personal data, we will tell you by e-mail or in the app before it takes effect and,
          where the law requires, ask for your consent again.
        </p>
      ),
    },
    {
      id: 'contact-us',
      title: 'Contact Us',
      body: (
        <>
          <p>For questions about this policy or your personal data, contact us:</p>
          <ContactDetails withDpo />
        </>
      ),
    },
  ],
};
