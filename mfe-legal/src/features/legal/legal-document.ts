import type { ReactNode } from 'react';

/** One numbered section of a policy. The id is the section's anchor: keep it stable, people link to it. */
interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocument {
  title: string;
  path: string;
  /** Machine-readable (ISO 8601); readers see the catalog's date. */
  lastUpdated: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** Show "Back to Home" and "Sign In" above the document. */
  showNavigation?: boolean;
}

export const LAST_UPDATED = '2025-01-15';

export const LEGAL_CONTACT = {
  email: 'legal@shambasoko.co.ke',
  dpoEmail: 'dpo@shambasoko.co.ke',
  phone: '+254 700 000 000',
  phoneHref: 'tel:+254700000000',
  address: 'Nairobi, Kenya',
} as const;

/** The four policies, in the order the footer strip lists them; label is the key of their name. */
export const LEGAL_PAGES = [
  { path: '/legal/privacy-policy', label: 'doc.privacy' },
  { path: '/legal/terms-of-use', label: 'doc.terms' },
  { path: '/legal/cookie-policy', label: 'doc.cookies' },
  { path: '/legal/data-policy', label: 'doc.data' },
] as const;
