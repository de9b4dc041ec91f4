import { Link } from 'react-router-dom';
import { ContactDetails } from '../components/contact-details';
import { LAST_UPDATED, LEGAL_CONTACT, type LegalDocument } from '../legal-document';

export const termsOfUse: LegalDocument = {
  title: 'Terms of Use',
  path: '/legal/terms-of-use',
  lastUpdated: LAST_UPDATED,
  intro: (
    <p>
      These Terms of Use are an agreement between you and ShambaSoko (&quot;ShambaSoko&quot;, &quot;we&quot;, &quot;us&quot;). They govern
      your use of the ShambaSoko website and services for farm management, buying and selling agricultural products and services, budgeting,
      communication and payments. Please read them carefully: by creating an account or using ShambaSoko you agree to them.
    </p>
  ),
  sections: [
    {
      id: 'acceptance-of-terms',
      title: 'Acceptance of These Terms',
      body: (
        <>
          <p>
            By accessing or using ShambaSoko you confirm that you have read, understood and accept these Terms and the policies they refer
            to. If you do not agree, do not use the service.
          </p>
          <p>
            If you use ShambaSoko on behalf of a cooperative, company, group or other organisation, you confirm that you are authorised to
            accept these Terms for it, and &quot;you&quot; includes that organisation.
          </p>
        </>
      ),
    },
    {
      id: 'our-services',
      title: 'Our Services',
      body: (
        <>
          <p>ShambaSoko provides:</p>
          <ul>
            <li>
              a marketplace where farmers, suppliers, retailers, manufacturers, bulk buyers, service providers and consumers list, find, buy
              and sell farm produce, farm inputs, equipment and services;
            </li>
            <li>
              farm-management tools for recording farms, fields, seasons, crops and activities, managing farm teams and tracking budgets and
              costs;
            </li>
            <li>tools to contact other users and to pay through our payment partners.</li>
          </ul>
          <p>
            We may add, change or withdraw features. Some features are still being built and are marked as coming soon. Farm figures and
            summaries in the app are tools to help you plan; they are not professional agronomic, financial or legal advice.
          </p>
        </>
      ),
    },
    {
      id: 'eligibility-and-accounts',
      title: 'Eligibility and Your Account',
      body: (
        <>
          <p>
            You must be at least 18 years old and able to enter into a binding contract under Kenyan law to use ShambaSoko. You may register
            with an e-mail address and password or with a Google account.
          </p>
          <ul>
            <li>Give accurate information and keep it up to date, especially your name and phone number.</li>
            <li>
              Keep your password secret. You are responsible for activity on your account unless it happened after you told us your account
              was compromised.
            </li>
            <li>
              ShambaSoko can remember up to five recently used accounts on a device. On a shared or public device, sign out when you finish
              and remove your account from the list.
            </li>
            <li>
              Tell us at once at <a href={`mailto:${LEGAL_CONTACT.email}`}>{LEGAL_CONTACT.email}</a> if you suspect someone else has used
              your account.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'farm-records-and-team-access',
      title: 'Farm Records and Team Access',
      body: (
        <>
          <p>
            The farm owner who creates a farm on ShambaSoko controls its records and decides who else may see or change them by adding team
            members with a farm role: Farm Manager, Field Supervisor, Field Worker, Accountant or Viewer.
          </p>
          <ul>
            <li>
              When you add a team member, you confirm that you have told them their name, e-mail address and phone number will be recorded
              on ShambaSoko, and that they are at least 18 years old.
            </li>
            <li>You are responsible for the accuracy of the farm records, budgets and costs you enter.</li>
            <li>Removing a team member ends their access to the farm. Records they created stay with the farm.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'marketplace-listings-and-sales',
      title: 'Marketplace Listings and Sales',
      body: (
        <>
          <p>
            ShambaSoko provides the platform; it is not the seller or buyer of goods and services listed by users. A sale is a contract
            between the buyer and the seller.
          </p>
          <h3>If you sell</h3>
          <ul>
            <li>
              Describe products honestly, including variety, grade, quantity, unit, condition, location and price, and keep stock levels
              current.
            </li>
            <li>
              Hold every licence, registration and certificate your products need. For example, seed must come from a merchant registered
              with the Kenya Plant Health Inspectorate Service (KEPHIS), and pest control products must be registered with the Pest Control
              Products Board.
            </li>
            <li>Deliver what you sold, as described and on time, and honour the delivery option the buyer paid for.</li>
          </ul>
          <h3>If you buy</h3>
          <ul>
            <li>Check the listing, seller details and delivery terms before you order.</li>
            <li>Pay the price shown at checkout and be available to receive the delivery at the address you gave.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'payments-and-fees',
      title: 'Payments and Fees',
      body: (
        <>
          <p>
            Prices on ShambaSoko are in Kenya Shillings (Ksh). You pay by M-Pesa (a prompt on your phone that you approve with your PIN), by
            card on our payment partner&apos;s secure page, or by bank transfer quoting your order number. Payments are processed by
            licensed payment partners under their own terms. Card numbers, security codes and M-Pesa PINs never reach ShambaSoko. An order
            is marked paid once the partner confirms the full amount, or, for a bank transfer, once the seller or our team confirms the
            money arrived; an order not paid in the time shown on it expires and its items go back to stock.
          </p>
          <ul>
            <li>
              The checkout page shows the item price, delivery fee and any applicable taxes before you confirm an order. Sellers are
              responsible for the taxes due on their sales, including VAT where they are registered for it.
            </li>
            <li>
              If we charge a fee for a service, such as a listing or subscription fee, we will show it clearly before you agree to pay it.
            </li>
            <li>
              Refunds for a cancelled or failed order are returned to the original payment method, subject to the payment partner&apos;s
              processing times.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'delivery-returns-and-disputes',
      title: 'Delivery, Returns and Disputes',
      body: (
        <>
          <p>
            Delivery times shown at checkout are estimates. Inspect goods when they arrive. If an item is missing, damaged, spoiled or not
            as described, raise it with the seller within 48 hours of delivery, with photos where possible.
          </p>
          <p>
            Buyers and sellers should first try to settle disputes between themselves. If that fails, either may ask us to help at{' '}
            <a href={`mailto:${LEGAL_CONTACT.email}`}>{LEGAL_CONTACT.email}</a>. We will review the order records and messages and may
            suggest an outcome, but we are not a court and our view does not bind you. Your rights under the Consumer Protection Act, 2012
            are not affected.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable Use',
      body: (
        <>
          <p>When using ShambaSoko you must not:</p>
          <ul>
            <li>list counterfeit, expired, stolen, uncertified or banned products, including banned pesticides;</li>
            <li>mislead other users about prices, quantities, quality or who you are;</li>
            <li>ask for payment outside ShambaSoko to avoid its protections or fees;</li>
            <li>harass, threaten or defraud other users, or post unlawful or offensive content;</li>
            <li>break into, overload or copy the platform in bulk, or use it contrary to the Computer Misuse and Cybercrimes Act, 2018;</li>
            <li>collect other users&apos; personal data for purposes they did not agree to.</li>
          </ul>
          <p>
            If you break these rules we may remove content, suspend or close your account, and report unlawful activity to the authorities.
            Where it is safe and lawful, we will tell you why and give you a chance to respond.
          </p>
        </>
      ),
    },
    {
      id: 'content-and-intellectual-property',
      title: 'Content and Intellectual Property',
      body: (
        <>
          <p>
            You keep ownership of the listings, photos, reviews and farm records you add. You give ShambaSoko a non-exclusive, royalty-free
            licence to host, display and process that content to run and promote the service, for as long as it is on ShambaSoko.
          </p>
          <p>
            The ShambaSoko name, logo, software and design belong to us or our licensors. You may not copy, modify or reuse them without our
            written permission.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-and-your-data',
      title: 'Privacy and Your Data',
      body: (
        <p>
          We handle your personal data in line with the Data Protection Act, 2019. Our{' '}
          <Link to="/legal/privacy-policy">Privacy Policy</Link> explains what we collect and why, our{' '}
          <Link to="/legal/data-policy">Data Policy</Link> explains how we store, keep and share it, and our{' '}
          <Link to="/legal/cookie-policy">Cookie Policy</Link> explains the cookies we use. They form part of these Terms.
        </p>
      ),
    },
    {
      id: 'limitation-of-liability',
      title: 'Disclaimers and Limitation of Liability',
      body: (
        <>
          <p>
            We work to keep ShambaSoko available and accurate, but we provide it &quot;as is&quot;. We do not guarantee that it will be
            uninterrupted or error-free, or that any listing, price, yield estimate or budget figure is correct. Farming outcomes depend on
            weather, pests, markets and other factors outside our control.
          </p>
          <p>
            To the extent Kenyan law allows, we are not liable for losses caused by other users, for indirect or consequential loss such as
            lost crops, profits or opportunities, or for events beyond our reasonable control. Our total liability to you for any claim is
            limited to the fees you paid to ShambaSoko in the 12 months before the claim. Nothing in these Terms limits liability that
            cannot be limited by law, including for fraud or for your rights as a consumer.
          </p>
        </>
      ),
    },
    {
      id: 'governing-law-and-contact',
      title: 'Changes, Governing Law and Contact',
      body: (
        <>
          <p>
            We may change these Terms. We will give you at least 14 days&apos; notice of material changes by e-mail or in the app;
            continuing to use ShambaSoko after that means you accept them. You may close your account at any time.
          </p>
          <p>
            These Terms are governed by the laws of Kenya. Any dispute that cannot be settled amicably will be decided by the courts of
            Kenya.
          </p>
          <ContactDetails />
        </>
      ),
    },
  ],
};
