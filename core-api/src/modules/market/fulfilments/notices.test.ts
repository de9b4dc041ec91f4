import { StatementCounter } from '../../../db/statement-counter';
import { createTestUser } from '../../../testing/auth';
import { createShop } from '../../../testing/shops';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { tellBoth } from './notices';

// Issue 41: a paid order texts each seller its part and sends the buyer one e-mail receipt note, in
// each reader's language, through the notices outbox.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const outbox = (userId: string) =>
  t.db
    .selectFrom('notice_outbox')
    .select(['channel', 'recipient', 'subject', 'body'])
    .where('user_id', '=', userId)
    .orderBy('channel')
    .execute();

it("a paid order: each seller's SMS names its part; the buyer gets one receipt e-mail, in Kiswahili when chosen", async () => {
  const mama = await createShop(t.db, t.config.jwtSecret, { name: 'Mama' });
  const baba = await createShop(t.db, t.config.jwtSecret, { name: 'Baba' });
  await t.db.updateTable('users').set({ msisdn: '0712 345 678' }).where('id', '=', mama.user.id).execute();
  await t.db.updateTable('users').set({ msisdn: '+254 722 000 111' }).where('id', '=', baba.user.id).execute();
  await t.db.insertInto('user_preferences').values({ user_id: baba.user.id, language: 'sw', email_enabled: false }).execute();
  const buyer = await createTestUser(t.db, t.config.jwtSecret);
  await t.db.insertInto('user_preferences').values({ user_id: buyer.id, language: 'sw' }).execute();

  const counter = new StatementCounter();
  const statements = await counter.during(() =>
    t.db
      .withPlugin(counter)
      .transaction()
      .execute(async (trx) => {
        await tellBoth(
          trx,
          { id: '00000000-0000-4000-8000-000000000123', number: 123, user_id: buyer.id },
          [
            { seller_id: mama.sellerId, amount: 4550 },
            { seller_id: baba.sellerId, amount: 1200 },
          ],
          'paid',
          null,
          { paidBy: 'mpesa' },
        );
      }),
  );
  // The shops, each shop's two webhook events, then every notice (the buyer's two, both sellers',
  // the receipt) in two statements: it was two statements a notice, fifteen in all (issue 43).
  expect(statements).toBe(7);

  const mamaSms = (await outbox(mama.user.id)).find((r) => r.channel === 'sms');
  expect(mamaSms).toEqual({
    channel: 'sms',
    recipient: '+254712345678',
    subject: '',
    body: 'ShambaSoko: Order SS-000123 paid: Ksh 4,550. Accept and send it: {app}/seller/sales',
  });
  expect(await outbox(baba.user.id)).toEqual([
    {
      channel: 'sms',
      recipient: '+254722000111',
      subject: '',
      body: 'ShambaSoko: Agizo SS-000123 limelipwa: Ksh 1,200. Likubali na ulitume: {app}/seller/sales',
    },
  ]);
  const receipts = (await outbox(buyer.id)).filter((r) => r.subject.startsWith('Asante'));
  expect(receipts).toEqual([
    {
      channel: 'email',
      recipient: buyer.email,
      subject: 'Asante kwa agizo lako SS-000123',
      body: 'Asante kwa agizo lako SS-000123. Tumepokea malipo yako ya Ksh 5,750. Kila muuzaji atatuma sehemu yake; lifuatilie hapa: {app}/orders/00000000-0000-4000-8000-000000000123',
    },
  ]);
  // The receipt is not another notice under the bell.
  const bell = await t.db.selectFrom('notifications').select('title').where('user_id', '=', buyer.id).execute();
  expect(bell.map((n) => n.title)).not.toContain('Asante kwa agizo lako SS-000123');
});

it('a seller who switched order notices off gets no SMS for a paid order', async () => {
  const quiet = await createShop(t.db, t.config.jwtSecret, { name: 'Kimya' });
  await t.db.updateTable('users').set({ msisdn: '0733 000 222' }).where('id', '=', quiet.user.id).execute();
  await t.db.insertInto('user_preferences').values({ user_id: quiet.user.id, sms_enabled: false }).execute();
  await tellBoth(
    t.db,
    { id: '00000000-0000-4000-8000-000000000124', number: 124, user_id: null },
    [{ seller_id: quiet.sellerId, amount: 100 }],
    'paid',
    null,
    {
      paidBy: 'card',
    },
  );
  expect((await outbox(quiet.user.id)).map((r) => r.channel)).toEqual(['email']);
});
