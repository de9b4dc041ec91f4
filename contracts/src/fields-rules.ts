// Field rules without zod: the auth forms on the landing page's bundle use them, and the zod field
// builders (fields.ts) and the checkout rules (checkout.ts) are built on them, so every copy agrees.

/** RFC 5321's limit on a forward path; checked before any pattern sees the text. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Local part of letters, digits and _ ' + - in dot-separated runs, then a domain of labels and a
 * 2+ letter top-level domain. The same shape zod's z.email() accepts, so a form never passes what the
 * API refuses. Linear on the bounded text: no nested quantifier can overlap.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isValidEmail(email: string): boolean {
  const text = email.trim();
  return text.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(text);
}

/** Longer than any phone number however it is spaced; the pattern never runs on more. */
export const MAX_KENYAN_PHONE_LENGTH = 30;
/** 07xx / 01xx numbers with 0, 254 or +254 in front, once spaces, hyphens and brackets are removed. */
export const KENYAN_PHONE = /^(?:\+?254|0)[17]\d{8}$/;

/** Stored as +2547XXXXXXXX / +2541XXXXXXXX whatever way it was typed; null when not a Kenyan number. */
export function normaliseKenyanPhone(phone: string): string | null {
  if (phone.length > MAX_KENYAN_PHONE_LENGTH) return null;
  const compact = phone.replace(/[\s\-()]/g, '');
  if (!KENYAN_PHONE.test(compact)) return null;
  return `+254${compact.slice(-9)}`;
}

export const isKenyanPhone = (phone: string): boolean => normaliseKenyanPhone(phone) !== null;

/** Ksh 10 billion: above any amount a farm, a budget or one price holds; sums stay exact in JS. */
export const MAX_KES = 10_000_000_000;

/** Deeper pages are never browsed; a bound keeps OFFSET (page × size) small. */
export const MAX_PAGE = 10_000;
