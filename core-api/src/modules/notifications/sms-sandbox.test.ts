import { createPaymentsSandbox, type PaymentsSandbox } from '../../../sandbox/server';
import { SANDBOX_SMS } from '../../../sandbox/sms';
import { createTestUser } from '../../testing/auth';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { drainOutbox, RETRY_AFTER_MS, type Senders } from './outbox';
import { africasTalkingSms } from './providers/africas-talking';
import { notify } from './service';

// The outbox, our Africa's Talking client and the delivery-report route against the development
// sandbox, as `npm start` runs them.

let t: TestApp;
let sandbox: PaymentsSandbox;
let senders: Senders;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  sandbox = createPaymentsSandbox({
    port: 0,
    smsDeliveryReportUrl: `http://127.0.0.1:${port}/v1/notices/sms/delivery/${t.config.notices.sms!.deliveryToken}`,
  });
  const base = await sandbox.listen();
  senders = { sms: africasTalkingSms({ baseUrl: `${base}/africastalking`, ...SANDBOX_SMS, senderId: 'SHAMBASOKO' }), email: null };
});
afterAll(async () => {
  await sandbox?.close();
  await t?.close();
});

async function person(language: 'en' | 'sw') {
  const user = await createTestUser(t.db, t.config.jwtSecret);
  const msisdn = `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await t.db.updateTable('users').set({ msisdn }).where('id', '=', user.id).execute();
  await t.db.insertInto('user_preferences').values({ user_id: user.id, language, email_enabled: false }).execute();
  return { ...user, msisdn };
}

const placed = (userId: string) =>
  notify(t.db, {
    userId,
    type: 'order_placed',
    title: 'Order {number} placed',
    body: '{count} items, total {total}. We will let you know when payment is confirmed.',
    values: { number: 'SS-000077', count: 2, total: 'KES 900' },
  });
const smsRow = async (userId: string) =>
  t.db.selectFrom('notice_outbox').selectAll().where('user_id', '=', userId).where('channel', '=', 'sms').executeTakeFirstOrThrow();
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 10));
};

it('a Kiswahili account gets its SMS in Kiswahili on the phone, and the delivery report marks it delivered', async () => {
  const wanjiru = await person('sw');
  await placed(wanjiru.id);
  await drainOutbox(t.db, senders, new Date(Date.now() + 60_000));
  expect(
    sandbox
      .sms()
      .filter((m) => m.to === wanjiru.msisdn)
      .map((m) => [m.from, m.message]),
  ).toEqual([['SHAMBASOKO', 'ShambaSoko: Agizo SS-000077 limewekwa. Bidhaa 2, jumla KES 900. Tutakujulisha malipo yakithibitishwa.']]);
  await until(async () => (await smsRow(wanjiru.id)).status === 'delivered');
  const row = await smsRow(wanjiru.id);
  expect([row.status, row.provider_id]).toEqual(['delivered', sandbox.sms().find((m) => m.to === wanjiru.msisdn)!.id]);
});

it('an SMS outage delays the message, which then reaches the phone exactly once', async () => {
  const otieno = await person('en');
  await placed(otieno.id);
  const start = new Date(Date.now() + 120_000);
  sandbox.smsOutage(true);
  try {
    await drainOutbox(t.db, senders, start);
    expect(await smsRow(otieno.id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 503' });
    expect(sandbox.sms().filter((m) => m.to === otieno.msisdn)).toEqual([]);
  } finally {
    sandbox.smsOutage(false);
  }
  await drainOutbox(t.db, senders, new Date(start.getTime() + RETRY_AFTER_MS[0]!));
  await drainOutbox(t.db, senders, new Date(start.getTime() + 3 * 3_600_000));
  expect(
    sandbox
      .sms()
      .filter((m) => m.to === otieno.msisdn)
      .map((m) => m.message),
  ).toEqual(['ShambaSoko: Order SS-000077 placed. 2 items, total KES 900. We will let you know when payment is confirmed.']);
  expect(await smsRow(otieno.id)).toMatchObject({ attempts: 2 });
});
