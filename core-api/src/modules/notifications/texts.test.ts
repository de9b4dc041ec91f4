import { smsParts } from './providers/africas-talking';
import { EMAIL_TEXTS, kenyanMsisdn, simpleHtml, SMS_TEXTS } from './texts';

describe('the SMS and e-mail texts', () => {
  it('every key has English and Kiswahili, different and non-empty, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(SMS_TEXTS)) {
      expect([key, Object.keys(text).sort()]).toEqual([key, ['en', 'sw']]);
      expect(text.sw).not.toBe(text.en);
      expect(placeholders(text.sw)).toEqual(placeholders(text.en));
    }
    for (const [key, text] of Object.entries(EMAIL_TEXTS)) {
      expect([key, Object.keys(text).sort()]).toEqual([key, ['en', 'sw']]);
      expect(placeholders(text.sw.text)).toEqual(placeholders(text.en.text));
      expect(placeholders(text.sw.subject)).toEqual(placeholders(text.en.subject));
    }
  });

  it('each SMS fits one GSM-7 part with long values and a short link', () => {
    const values =
      '{number}=SS-000123 {amount}=KES 1,234,567 {inviter}=Wanjiru Kamau {farm}=Kijani Farm {link}=https://shambasoko.co.ke/seller/sales';
    const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_w, name: string) => new RegExp(`\\{${name}\\}=([^{]+)`).exec(values)![1]!.trim());
    for (const text of Object.values(SMS_TEXTS))
      for (const language of ['en', 'sw'] as const) expect(smsParts(fill(text[language]))).toBe(1);
  });

  it('normalises Kenyan phone numbers and refuses others', () => {
    expect(['0712 345 678', '+254 712 345 678', '254712345678', '0110 000 111'].map(kenyanMsisdn)).toEqual([
      '+254712345678',
      '+254712345678',
      '+254712345678',
      '+254110000111',
    ]);
    expect(['', null, '12345', '+1 415 555 0100'].map(kenyanMsisdn)).toEqual([null, null, null, null]);
  });

  it('escapes the HTML and links the link', () => {
    expect(simpleHtml('Order <b> & more: https://x.test/a', 'https://x.test/a')).toContain(
      'Order &#60;b&#62; &#38; more: <a href="https://x.test/a">https://x.test/a</a>',
    );
  });
});
