import { createPaymentsSandbox, type PaymentsSandbox } from '../../../sandbox/server';
import { runJobIfDue } from '../../jobs/scheduler';
import { createTestUser } from '../../testing/auth';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { drainOutbox, noticeOutboxJob, type Senders } from './outbox';
import { smtpMail } from './providers/smtp';
import { notify } from './service';

// E-mail notices through our SMTP sender to the sandbox's mail catcher, as `npm start` runs them.

let t: TestApp;
let sandbox: PaymentsSandbox;
let base: string;
let smtpUrl: string;
let senders: Senders;
const FROM = 'ShambaSoko <no-reply@shambasoko.local>';

beforeAll(async () => {
  t = await startTestApp();
  sandbox = createPaymentsSandbox({ port: 0, smtpPort: 0 });
  base = await sandbox.listen();
  smtpUrl = `smtp://127.0.0.1:${sandbox.smtpPort()}`;
  senders = { sms: null, email: smtpMail({ smtpUrl, from: FROM }) };
});
afterAll(async () => {
  await senders?.email?.close?.();
  await sandbox?.close();
  await t?.close();
});

interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}
const inbox = async (to: string) =>
  ((await (await fetch(`${base}/sandbox/mail?to=${encodeURIComponent(to)}`)).json()) as { messages: CaughtMail[] }).messages;

async function person(language: 'en' | 'sw') {
  const user = await createTestUser(t.db, t.config.jwtSecret);
  await t.db.insertInto('user_preferences').values({ user_id: user.id, language, sms_enabled: false }).execute();
  return user;
}

const receipt = (userId: string) =>
  notify(t.db, {
    userId,
    type: 'order_update',
    title: 'Payment received for order {number}',
    body: 'We received {amount}.',
    email: 'receipt',
    values: { number: 'SS-000091', amount: 'KES 1,250' },
    link: '/market/orders/SS-000091',
  });
const mailRows = async (userId: string) =>
  t.db.selectFrom('notice_outbox').selectAll().where('user_id', '=', userId).where('channel', '=', 'email').execute();

it('the SMTP sender delivers plain text and HTML to the mail catcher, listed by address newest first', async () => {
  const to = 'amina.mail@example.co.ke';
  const first = await senders.email!.send({ to, subject: 'First', text: 'Hello one', html: '<p>Hello one</p>' });
  const second = await senders.email!.send({ to, subject: 'Second', text: 'Hello two', html: null });
  expect(first).toMatchObject({ ok: true });
  expect(second).toMatchObject({ ok: true });
  const caught = await inbox(to);
  expect(caught.map((m) => [m.subject, m.text.trim(), m.to, m.from])).toEqual([
    ['Second', 'Hello two', [to], 'no-reply@shambasoko.local'],
    ['First', 'Hello one', [to], 'no-reply@shambasoko.local'],
  ]);
  expect(caught[1]!.html).toContain('<p>Hello one</p>');
  expect(await inbox('someone.else@example.co.ke')).toEqual([]);

  const page = await fetch(`${base}/mail`);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html.indexOf('Second')).toBeLessThan(html.indexOf('First'));
  expect(html).toContain('Hello two');
  expect(html).toContain(to);
});

it('a message written by mime.ts crosses SMTP whole: Kiswahili subject, lines of one dot, a long line', async () => {
  const to = 'wanjiru.mail@example.co.ke';
  const subject = 'Oda SS-000091 imelipwa — Ksh 1,250 ✓';
  const text = ['Habari Wanjirũ,', '.', '..mbili', 'ndefu '.repeat(300).trim(), 'Mwisho'].join('\n');
  expect(await senders.email!.send({ to, subject, text, html: '<p>Habari <b>Wanjirũ</b></p>' })).toMatchObject({ ok: true });
  const [caught] = await inbox(to);
  expect(caught!.subject).toBe(subject);
  expect(caught!.text.replace(/\r\n/g, '\n').trimEnd()).toBe(text);
  expect(caught!.html).toBe('<p>Habari <b>Wanjirũ</b></p>');
});

it('an unreachable mail server is worth a retry; a refused recipient is not', async () => {
  const down = smtpMail({ smtpUrl: 'smtp://127.0.0.1:1', from: FROM });
  expect(await down.send({ to: 'x@example.co.ke', subject: 's', text: 't', html: null })).toMatchObject({ ok: false, retry: true });
  await down.close?.();
  const refused = await senders.email!.send({ to: 'not an address', subject: 's', text: 't', html: null });
  expect(refused).toMatchObject({ ok: false, retry: false });
});

it('a queued e-mail reaches the catcher exactly once, in the account language (Kiswahili)', async () => {
  const wanjiru = await person('sw');
  await receipt(wanjiru.id);
  await drainOutbox(t.db, senders, new Date(Date.now() + 60_000));
  await drainOutbox(t.db, senders, new Date(Date.now() + 3_600_000));
  const caught = await inbox(wanjiru.email);
  expect(caught.map((m) => m.subject)).toEqual(['Asante kwa agizo lako SS-000091']);
  expect(caught[0]!.text).toContain('Tumepokea malipo yako ya KES 1,250');
  expect(caught[0]!.html).toContain('Tumepokea malipo yako');
  const rows = await mailRows(wanjiru.id);
  expect(rows.map((r) => [r.status, r.attempts])).toEqual([['sent', 1]]);
  expect(rows[0]!.provider_id).toBeTruthy();
});

it('the scheduled job sends e-mail through SMTP_URL (e-mail rows no longer wait forever)', async () => {
  const otieno = await person('en');
  await receipt(otieno.id);
  const config = { ...t.config, notices: { ...t.config.notices, sms: null, email: { smtpUrl, from: FROM } } };
  expect(await runJobIfDue(t.db, noticeOutboxJob(config, t.db), new Date(Date.now() + 3 * 3_600_000))).toBe(true);
  for (let i = 0; i < 200 && (await inbox(otieno.email)).length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  expect((await inbox(otieno.email)).map((m) => m.subject)).toEqual(['Thank you for your order SS-000091']);
});

it('a drain sends its e-mails over one connection and closes it at the end', async () => {
  await senders.email!.close!();
  const people = [await person('en'), await person('sw'), await person('en')];
  for (const p of people) await receipt(p.id);
  const before = sandbox.smtpConnections();
  const config = { ...t.config, notices: { ...t.config.notices, sms: null, email: { smtpUrl, from: FROM } } };
  expect(await runJobIfDue(t.db, noticeOutboxJob(config, t.db), new Date(Date.now() + 4 * 3_600_000))).toBe(true);
  const delivered = async () => (await Promise.all(people.map(async (p) => (await inbox(p.email)).length))).every((n) => n === 1);
  for (let i = 0; i < 300 && !(await delivered()); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(await delivered()).toBe(true);
  // Closed once the drain ended: nothing stays open between runs, nor at shutdown.
  for (let i = 0; i < 300 && sandbox.smtpConnections().open > before.open; i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(sandbox.smtpConnections()).toEqual({ opened: before.opened + 1, open: before.open });
});

it('the sender reuses its connection from one e-mail to the next, and opens another after close', async () => {
  await senders.email!.close!();
  const before = sandbox.smtpConnections().opened;
  for (const n of [1, 2, 3]) {
    expect(await senders.email!.send({ to: 'reuse@example.co.ke', subject: `Reuse ${n}`, text: 't', html: null })).toMatchObject({
      ok: true,
    });
  }
  expect(sandbox.smtpConnections().opened).toBe(before + 1);
  await senders.email!.close!();
  expect(await senders.email!.send({ to: 'reuse@example.co.ke', subject: 'Reuse 4', text: 't', html: null })).toMatchObject({ ok: true });
  expect(sandbox.smtpConnections().opened).toBe(before + 2);
  expect((await inbox('reuse@example.co.ke')).map((m) => m.subject)).toEqual(['Reuse 4', 'Reuse 3', 'Reuse 2', 'Reuse 1']);
});

it('closing while another drain still sends fails none of its e-mails; they share the one connection', async () => {
  await senders.email!.close!();
  const before = sandbox.smtpConnections().opened;
  const mail = (n: number) => senders.email!.send({ to: 'overlap@example.co.ke', subject: `Overlap ${n}`, text: 't', html: null });
  // One drain's e-mails on their way, queued on the connection, when another drain ends and closes.
  const first = [1, 2, 3, 4].map(mail);
  await senders.email!.close!();
  const after = mail(5);
  expect(await Promise.all([...first, after])).toEqual(Array.from({ length: 5 }, () => expect.objectContaining({ ok: true })));
  expect((await inbox('overlap@example.co.ke')).map((m) => m.subject).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `Overlap ${n}`));
  // The first connection served all four and then closed; the fifth e-mail opened the second.
  await senders.email!.close!();
  for (let i = 0; i < 300 && sandbox.smtpConnections().open > 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(sandbox.smtpConnections()).toEqual({ opened: before + 2, open: 0 });
});
