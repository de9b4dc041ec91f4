import { simpleParser } from 'mailparser';
import { composeMail, encodeWords } from './mime';

const FROM = 'ShambaSoko <no-reply@shambasoko.co.ke>';
const headLines = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n');
const decodeWords = (value: string) =>
  value
    .split('\r\n ')
    .map((word) => Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(word)![1]!, 'base64').toString('utf8'))
    .join('');

it('a notice in Kiswahili and English parses back to the same subject, text and HTML', async () => {
  const subject = 'Oda SS-000091 imelipwa — Ksh 1,250 ✓ (asante, Wanjirũ)';
  const text = 'Habari Wanjirũ,\n\nTumepokea malipo yako ya Ksh 1,250.\n.\n..mbili\n' + 'ndefu '.repeat(400) + '\nMwisho';
  const html = '<p>Habari <strong>Wanjirũ</strong>,</p><p>Tumepokea malipo yako ya Ksh 1,250.</p>';
  const mail = composeMail({ from: FROM, to: 'wanjiru@example.co.ke', subject, text, html, headers: { 'x-request-id': 'req-42' } });
  const parsed = await simpleParser(mail.raw);
  expect(parsed.subject).toBe(subject);
  expect(parsed.text?.replace(/\r\n/g, '\n')).toBe(text);
  expect(parsed.html).toBe(html);
  expect(parsed.from?.value).toEqual([{ name: 'ShambaSoko', address: 'no-reply@shambasoko.co.ke' }]);
  expect(parsed.messageId).toBe(mail.messageId);
  expect(parsed.headers.get('x-request-id')).toBe('req-42');
  expect(parsed.headers.get('mime-version')).toBe('1.0');
  expect(parsed.date?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  expect(mail.envelope).toEqual({ from: 'no-reply@shambasoko.co.ke', to: ['wanjiru@example.co.ke'] });
  expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@shambasoko\.co\.ke>$/);
});

it('every line stays within the limits: 78 in the head, 76 in base64, 998 in 7bit', () => {
  const long = 'Mbolea ya DAP '.repeat(30);
  const mail = composeMail({
    from: FROM,
    to: 'a@example.co.ke',
    subject: `${long}ñ`,
    text: `${'x'.repeat(1200)}\n${long}`,
    html: `<p>${long}</p>`,
  });
  for (const line of headLines(mail.raw)) expect(line.length).toBeLessThanOrEqual(78);
  for (const line of mail.raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
  // The 1,200-character line makes the text base64; the HTML, plain ASCII in short lines, stays 7bit.
  expect(mail.raw.match(/Content-Transfer-Encoding: \w+/g)).toEqual([
    'Content-Transfer-Encoding: base64',
    'Content-Transfer-Encoding: 7bit',
  ]);
  const base64 = mail.raw.split('\r\n').filter((line) => /^[A-Za-z0-9+/=]{60,}$/.test(line));
  expect(base64.length).toBeGreaterThan(10);
  for (const line of base64) expect(line.length).toBeLessThanOrEqual(76);
});

it('a header value cannot start another field: line breaks and controls become spaces', async () => {
  const mail = composeMail({
    from: FROM,
    to: 'victim@example.co.ke',
    subject: 'Hello\r\nBcc: thief@example.com\u0000',
    text: 'Body',
    html: null,
    headers: { 'x-request-id': 'id\r\nBcc: thief@example.com' },
  });
  expect(headLines(mail.raw).filter((line) => /^bcc:/i.test(line))).toEqual([]);
  const parsed = await simpleParser(mail.raw);
  expect(parsed.bcc).toBeUndefined();
  expect(parsed.subject).toBe('Hello Bcc: thief@example.com');
  expect(parsed.text?.trim()).toBe('Body');
  expect(mail.envelope.to).toEqual(['victim@example.co.ke']);
});

it('a recipient that is not one address is refused before anything is sent', () => {
  for (const to of [
    'victim@example.co.ke\r\nBcc: thief@example.com',
    'a@b.co.ke, c@d.co.ke',
    'Group: a@b.co.ke;',
    'not an address',
    '<a@b.co.ke>',
    // Beyond ASCII: the head is 7bit and the server may not take SMTPUTF8; no form of ours accepts it.
    'wanjirũ@example.co.ke',
    '',
  ]) {
    expect(() => composeMail({ from: FROM, to, subject: 's', text: 't', html: null })).toThrow(
      expect.objectContaining({ code: 'EENVELOPE' }),
    );
  }
  expect(composeMail({ from: FROM, to: ' wanjiru@example.co.ke ', subject: 's', text: 't', html: null }).envelope.to).toEqual([
    'wanjiru@example.co.ke',
  ]);
});

it('encoded words never split a character and decode to the text', () => {
  for (const text of ['Ksh 1,250 — imelipwa ✓', '🌽'.repeat(40), 'ũ'.repeat(100), `${'a'.repeat(59)}é`]) {
    const encoded = encodeWords(text);
    for (const word of encoded.split('\r\n ')) expect(word.length).toBeLessThanOrEqual(75);
    expect(decodeWords(encoded)).toBe(text);
  }
  expect(encodeWords('Order SS-000091 placed')).toBe('Order SS-000091 placed');
});

it('a notice without HTML (none, or an empty one) is its text alone', async () => {
  for (const html of [null, '']) {
    const mail = composeMail({ from: FROM, to: 'a@b.co.ke', subject: 'Order placed', text: 'Hello', html });
    expect(mail.raw).not.toContain('multipart');
    const parsed = await simpleParser(mail.raw);
    expect([parsed.text?.trim(), parsed.html]).toEqual(['Hello', false]);
  }
});

it('the envelope takes the address out of the sender mailbox', () => {
  const sent = (from: string) => composeMail({ from, to: 'a@b.co.ke', subject: 's', text: 't', html: null });
  expect(sent('ShambaSoko <no-reply@shambasoko.co.ke>').envelope.from).toBe('no-reply@shambasoko.co.ke');
  expect(sent('"Shamba, Soko" <a@b.co.ke>').envelope.from).toBe('a@b.co.ke');
  expect(headLines(sent('"Shamba, Soko" <a@b.co.ke>').raw)[0]).toBe('From: "Shamba, Soko" <a@b.co.ke>');
  expect(sent(' plain@b.co.ke ').envelope.from).toBe('plain@b.co.ke');
  expect(headLines(sent(' plain@b.co.ke ').raw)[0]).toBe('From: plain@b.co.ke');
  expect(headLines(sent('Shamba Soko Ũ <x@y.co.ke>').raw)[0]).toBe('From: =?UTF-8?B?U2hhbWJhIFNva28gxag=?= <x@y.co.ke>');
});
