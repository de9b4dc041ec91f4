import type { Language } from '../../http/language';

// SMS and e-mail texts written for the channel (short, with the order number first), each in both
// languages; "{name}" placeholders are filled as they are. A notice without one here goes out as its
// in-app title and body.

/** GSM-7 only, so one SMS holds 160 characters: no curly quotes, no accents. */
export const SMS_TEXTS = {
  orderPaidSeller: {
    en: 'ShambaSoko: Order {number} paid: {amount}. Accept and send it: {link}',
    sw: 'ShambaSoko: Agizo {number} limelipwa: {amount}. Likubali na ulitume: {link}',
  },
  farmInvitation: {
    en: 'ShambaSoko: {inviter} invited you to the farm {farm}. Sign in with this number to join: {link}',
    sw: 'ShambaSoko: {inviter} amekualika kwenye shamba {farm}. Ingia kwa nambari hii ujiunge: {link}',
  },
} as const satisfies Record<string, Record<Language, string>>;

export const EMAIL_TEXTS = {
  receipt: {
    en: {
      subject: 'Thank you for your order {number}',
      text: 'Thank you for your order {number}. We received your payment of {amount}. Each seller will send their part; follow it here: {link}',
    },
    sw: {
      subject: 'Asante kwa agizo lako {number}',
      text: 'Asante kwa agizo lako {number}. Tumepokea malipo yako ya {amount}. Kila muuzaji atatuma sehemu yake; lifuatilie hapa: {link}',
    },
  },
} as const satisfies Record<string, Record<Language, { subject: string; text: string }>>;

export type SmsTextKey = keyof typeof SMS_TEXTS;
export type EmailTextKey = keyof typeof EMAIL_TEXTS;

/** Fills placeholders; a no-break space (formatKES) becomes a plain one, which GSM-7 has. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template
    .replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])))
    .replace(/[\u00a0\u202f]/g, ' ');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain text as simple HTML: escaped, its link made clickable. */
export function simpleHtml(text: string, link: string | null): string {
  const body = escapeHtml(text);
  const linked = link ? body.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`) : body;
  return `<!doctype html><html><body style="font-family:sans-serif;font-size:16px;line-height:1.5"><p>${linked}</p><p style="color:#555">ShambaSoko</p></body></html>`;
}

/** Kenyan numbers as Africa's Talking wants them (+2547…, +2541…); anything else is not texted. */
export function kenyanMsisdn(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  const national = digits.startsWith('254') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  return /^[17]\d{8}$/.test(national) ? `+254${national}` : null;
}
