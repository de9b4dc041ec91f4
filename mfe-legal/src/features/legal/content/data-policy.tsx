import { Link } from 'react-router-dom';
import { ContactDetails } from '../components/contact-details';
import { PolicyTable } from '../components/policy-table';
import { LAST_UPDATED, LEGAL_CONTACT, type LegalDocument } from '../legal-document';

export const dataPolicy: LegalDocument = {
  title: 'Data Policy',
  path: '/legal/data-policy',
  lastUpdated: LAST_UPDATED,
  showNavigation: true,
  intro: (
    <p>
      This Data Policy describes how ShambaSoko collects, processes, stores, keeps, shares and deletes data across our marketplace and
      farm-management tools, and how you can exercise your rights under the Data Protection Act, 2019. It adds detail to our{' '}
      <Link to="/legal/privacy-policy">Privacy Policy</Link>; where the two differ, the one that gives you more protection applies.
    </p>
  ),
  sections: [
    {
      id: 'data-collection',
      title: 'Data Collection',
      body: (
        <>
          <p>We collect data from three sources:</p>
          <ul>
            <li>
              <strong>From you:</strong> your name, e-mail address, phone number and role when you register; your farms, fields, seasons,
              crops, activities, team members, budgets and costs; your listings, orders, delivery addresses, messages and reviews.
            </li>
            <li>
              <strong>From your use of ShambaSoko:</strong> device make and model, operating system and version, sign-in times and the
              features you use. The IP address you connect from is used to protect sign-in but not stored with your account; we never keep
              your device&apos;s serial number, IMEI or MAC address.
            </li>
            <li>
              <strong>From our partners:</strong> Firebase Authentication (Google) confirms your identity and, if you sign in with Google,
              shares your name, e-mail address and profile photo. For M-Pesa, Safaricom tells us whether the prompt sent to your phone was
              paid, the amount, the M-Pesa receipt number and the time; our card payment partner tells us whether a card payment succeeded,
              its reference, and the card&apos;s brand and last four digits. A bank transfer is recorded as paid by the seller or by our
              team, with who confirmed it and when.
            </li>
          </ul>
          <p>
            We ask only for what a feature needs. Farm locations are recorded at the level you choose, such as county or sub-county; you do
            not have to give an exact position.
          </p>
        </>
      ),
    },
    {
      id: 'data-processing',
      title: 'Data Processing',
      body: (
        <>
          <p>
            We process personal data lawfully, fairly and transparently, for specified purposes, and keep it accurate and no longer than
            necessary, as the Act requires. We process it to:
          </p>
          <ul>
            <li>run your account, farm records and farm team access (performance of contract);</li>
            <li>match buyers and sellers, process orders and payments and arrange delivery (performance of contract);</li>
            <li>prevent fraud and secure the platform (legitimate interests);</li>
            <li>keep records required by Kenyan tax and financial law (legal obligation);</li>
            <li>send marketing messages, only with your consent (consent).</li>
          </ul>
          <p>
            We also combine data into county-level statistics, such as typical prices for an input in a county or the area planted with a
            crop in a season. These statistics are anonymised and never identify a farm, farmer or business. Before starting processing that
            is likely to pose a high risk to you, we carry out a data protection impact assessment.
          </p>
        </>
      ),
    },
    {
      id: 'data-storage-and-security',
      title: 'Data Storage and Security',
      body: (
        <>
          <p>We use technical and organisational measures appropriate to the risk, including:</p>
          <ul>
            <li>encryption of data in transit between your device and our servers, and of stored data;</li>
            <li>
              access to farm records limited by farm role (Owner, Farm Manager, Field Supervisor, Field Worker, Accountant, Viewer), so team
              members see only what their role allows;
            </li>
            <li>staff access granted only where a job requires it, and logged;</li>
            <li>sign-in sessions that expire and are renewed securely, with passwords handled by our identity provider;</li>
            <li>
              card numbers and security codes (CVV) typed only on our card payment partner&apos;s secure page, never sent to or stored on
              our systems; M-Pesa PINs entered only on your own phone;
            </li>
            <li>
              a record of every payment request and every notification from our payment partners, with their references and amounts, so an
              order is marked paid only when the full amount is confirmed and a payment that does not match is reviewed by our team.
            </li>
          </ul>
          <p>
            If a personal data breach is likely to put you at risk, we will notify the Office of the Data Protection Commissioner within 72
            hours of becoming aware of it and tell you without undue delay, with advice on steps you can take.
          </p>
        </>
      ),
    },
    {
      id: 'data-retention',
      title: 'Data Retention',
      body: (
        <>
          <p>We keep each kind of data only for as long as we need it:</p>
          <PolicyTable
            caption="How long we keep data"
            columns={['Data', 'Retention period', 'Why']}
            rows={[
              ['Account information', 'Until you delete your account', 'Needed to provide your account and farm records.'],
              [
                'Transaction records',
                '7 years',
                'Kenyan tax record-keeping duties and the six-year period for contract claims under the Limitation of Actions Act.',
              ],
              [
                'Sign-in sessions',
                '30 days after the session ends',
                'Lets you see and end the devices signed in to your account; then deleted automatically.',
              ],
              ['Read notifications', '90 days after you read them', 'Kept for reference, then deleted automatically.'],
              ['Usage analytics', '2 years', 'Enough to compare seasons and years when improving the service.'],
              ['Marketing data', 'Until you opt out', 'Used only while you agree to receive news and offers.'],
            ]}
          />
          <p>
            When a period ends, we delete the data or anonymise it so it can no longer identify you. We may keep data longer only where the
            law requires it or it is needed for an ongoing dispute or investigation, and only for that purpose.
          </p>
        </>
      ),
    },
    {
      id: 'data-sharing',
      title: 'Data Sharing',
      body: (
        <>
          <p>We do not sell personal data. We share it only with:</p>
          <ul>
            <li>the farm team members and trading partners you choose to work with on ShambaSoko;</li>
            <li>
              service providers that process data on our behalf, such as Firebase Authentication, hosting, payment and delivery partners,
              under contracts that bind them to confidentiality and security;
            </li>
            <li>public authorities, such as the Kenya Revenue Authority or a court, when Kenyan law requires it;</li>
            <li>partners such as county agriculture departments and researchers, but only as anonymised county-level statistics.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'your-data-rights',
      title: 'Your Data Rights',
      body: (
        <>
          <p>Section 26 of the Data Protection Act, 2019 and related provisions give you the right to:</p>
          <ul>
            <li>be informed of the use of your personal data;</li>
            <li>access your personal data held by us;</li>
            <li>object to the processing of all or part of your personal data;</li>
            <li>have false or misleading data corrected or deleted;</li>
            <li>have your data given to you, or another service, in a portable format;</li>
            <li>withdraw your consent to marketing or other consent-based processing at any time.</li>
          </ul>
          <p>
            You can use two of these rights yourself in <strong>Profile Settings</strong>: <strong>Download my data</strong> gives you one
            JSON file with everything we hold about you, and <strong>Delete my account</strong> erases your account and personal data. Farms
            only you belong to are deleted with their records; a farm other people use must be handed over first. Your orders stay with the
            sellers for their tax records, without your name, e-mail, phone or address, and your reviews stay under the name &ldquo;Former
            customer&rdquo;.
          </p>
          <p>
            To exercise any other right, write to our Data Protection Officer at{' '}
            <a href={`mailto:${LEGAL_CONTACT.dpoEmail}`}>{LEGAL_CONTACT.dpoEmail}</a>. We may ask you to confirm your identity, will respond
            within the time limits set by the Data Protection (General) Regulations, 2021, and do not charge for reasonable requests. You
            may also complain to the Office of the Data Protection Commissioner (ODPC) at{' '}
            <a href="https://www.odpc.go.ke">www.odpc.go.ke</a>.
          </p>
        </>
      ),
    },
    {
      id: 'international-data-transfers',
      title: 'International Data Transfers',
      body: (
        <>
          <p>
            Some of our service providers, including Firebase Authentication by Google, may process data on servers outside Kenya. We
            transfer personal data out of Kenya only as Part VI of the Data Protection Act, 2019 allows: where we have proof of appropriate
            safeguards for its security and protection, such as contractual data protection clauses, or where another condition set out in
            the Act applies.
          </p>
          <p>
            We do not transfer sensitive personal data out of Kenya without your consent. You can ask our Data Protection Officer for
            details of the safeguards that apply to a transfer.
          </p>
        </>
      ),
    },
    {
      id: 'childrens-privacy',
      title: "Children's Privacy",
      body: (
        <>
          <p>
            ShambaSoko is for adults. You must be at least 18 years old to create an account, and farm owners must not add anyone under 18
            as a farm team member.
          </p>
          <p>
            We do not knowingly collect personal data from children. If we learn that we hold data about a person under 18, we will delete
            it promptly. A parent or guardian who believes a child&apos;s data is on ShambaSoko should contact our Data Protection Officer.
          </p>
        </>
      ),
    },
    {
      id: 'changes-to-this-policy',
      title: 'Changes to This Policy',
      body: (
        <p>
          We review this policy at least once a year and whenever our processing or the law changes. The date at the top shows the latest
          version. We will tell you about material changes by e-mail or in the app before they take effect.
        </p>
      ),
    },
    {
      id: 'contact-us',
      title: 'Contact Us',
      body: (
        <>
          <p>
            Our Data Protection Officer oversees how ShambaSoko handles personal data. Contact them with any question or request about your
            data:
          </p>
          <ContactDetails withDpo />
        </>
      ),
    },
  ],
};
