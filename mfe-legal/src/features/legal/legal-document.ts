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
  /** dateTime is machine-readable (ISO 8601); label is what readers see. */
  lastUpdated: { dateTime: string; label: string };
  intro: ReactNode;
  sections: LegalSection[];
  /** Show "Back to Home" and "Sign In" above the document. */
  showNavigation?: boolean;
}

export const LAST_UPDATED = { dateTime: '2025-01-15', label: 'January 15, 2025' } as const;

export const LEGAL_CONTACT = {
  email: 'legal@shambasoko.co.ke',
  dpoEmail: 'dpo@shambasoko.co.ke',
  phone: '+254 700 000 000',
  phoneHref: 'tel:+254700000000',
  address: 'Nairobi, Kenya',
} as const;

/** The four policies, in the order the footer strip lists them. */
export const LEGAL_PAGES = [
  { path: '/legal/privacy-policy', label: 'Privacy Policy' },
  { path: '/legal/terms-of-use', label: 'Terms of Use' },
  { path: '/legal/cookie-policy', label: 'Cookie Policy' },
  { path: '/legal/data-policy', label: 'Data Policy' },
] as const;
