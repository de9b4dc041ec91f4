import { sql } from 'kysely';
import { createTestUser } from '../../testing/auth';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { BackgroundWork, runJobIfDue } from '../../jobs/scheduler';
import { metricsRegistry } from '../../observability/metrics';
import {
  afterQuietHours,
  drainOutbox,
  KEEP_FINISHED_MS,
  noticeOutboxJob,
  recordDeliveryReport,
  RETRY_AFTER_MS,
  type MailSender,
  type Senders,
} from './outbox';
import { africasTalkingSms, smsParts, type SmsResult, type SmsSender } from './providers/africas-talking';
import { notify, notifyAll, recipientsFromJson, recipientsJsonSql } from './service';
import { StatementCounter } from '../../db/statement-counter';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 180_000);
afterAll(async () => t.close());

/** notice_outcomes_total for one channel and status, as /metrics shows it. */
const noticesCounted = async (channel: string, status: string) =>
  (await metricsRegistry.getSingleMetric('notice_outcomes_total')!.get()).values.find(
    (v) => v.labels.channel === channel && v.labels.status === status,
  )?.value ?? 0;

/** A phone network in a test: records every SMS; while `down`, answers like an outage. */
function fakeSms(): SmsSender & { sent: Array<{ to: string; message: string }>; down: boolean } {
  let n = 0;
  const fake = {
    sent: [] as Array<{ to: string; message: string }>,
    down: false,
    async send(to: string, message: string): Promise<SmsResult> {
      // Yield, so two drains really overlap.
      await new Promise((r) => setTimeout(r, 5));
      if (fake.down) return { ok: false, retry: true, error: 'HTTP 503' };
      fake.sent.push({ to, message });
      n += 1;
      return { ok: true, messageId: `ATXid_${n}_${Math.random().toString(36).slice(2)}`, cost: 'KES 0.8000' };
    },
  };
  return fake;
}

function fakeMail(): MailSender & { sent: Array<{ to: string; subject: string; text: string }> } {
  const fake = {
    sent: [] as Array<{ to: string; subject: string; text: string }>,
    async send(mail: { to: string; subject: string; text: string }) {
      fake.sent.push(mail);
      return { ok: true as const, messageId: `<${fake.sent.length}.${Math.random().toString(36).slice(2)}@test>` };
    },
  };
  return fake;
}

const PHONE = () => `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function person(prefs: Record<string, unknown> = {}) {
  const user = await createTestUser(t.db, t.config.jwtSecret);
  const msisdn = PHONE();
  await t.db.updateTable('users').set({ msisdn }).where('id', '=', user.id).execute();
  if (Object.keys(prefs).length > 0)
    await t.db
      .insertInto('user_preferences')
      .values({ user_id: user.id, ...prefs })
      .execute();
  return { ...user, msisdn };
}

const placed = (userId: string, type: 'order_placed' | 'payment_update' | 'activity_assigned' | 'farm_invitation' = 'order_placed') =>
  notify(t.db, {
    userId,
    type,
    title: 'Order {number} placed',
    body: '{count} items, total {total}. We will let you know when payment is confirmed.',
    values: { number: 'SS-000042', count: 3, total: 'KES 1,500' },
  });

const outboxOf = (userId: string) =>
  t.db.selectFrom('notice_outbox').selectAll().where('user_id', '=', userId).orderBy('channel').execute();

/** A time in the day (13:00 Nairobi) long after every row written by these tests is due. */
const LATER = (hours = 0) => new Date(Date.now() + (24 + hours) * 3_600_000);

describe('notify() queues SMS and e-mail in the same transaction', () => {
  it('writes one SMS to the phone and one e-mail to the address, in the reader language', async () => {
    const wanjiru = await person({ language: 'sw' });
    await placed(wanjiru.id);
    const rows = await outboxOf(wanjiru.id);
    expect(rows.map((r) => [r.channel, r.recipient, r.status])).toEqual([
      ['email', wanjiru.email, 'pending'],
      ['sms', wanjiru.msisdn, 'pending'],
    ]);
    expect(rows[1]!.body).toBe('ShambaSoko: Agizo SS-000042 limewekwa. Bidhaa 3, jumla KES 1,500. Tutakujulisha malipo yakithibitishwa.');
    expect(rows[0]!.subject).toBe('Agizo SS-000042 limewekwa');
    expect(smsParts(rows[1]!.body)).toBe(1);

    const sms = fakeSms();
    const mail = fakeMail();
    await drainOutbox(t.db, { sms, email: mail }, LATER());
    expect(sms.sent.filter((s) => s.to === wanjiru.msisdn).map((s) => s.message)).toEqual([rows[1]!.body]);
    expect(mail.sent.filter((m) => m.to === wanjiru.email).map((m) => m.subject)).toEqual(['Agizo SS-000042 limewekwa']);
  });

  it('reads the person once: switches, contacts and push subscriptions in one statement (issue 43)', async () => {
    const amina = await person({ language: 'sw' });
    const counter = new StatementCounter();
    const statements = await counter.during(() =>
      notify(t.db.withPlugin(counter), {
        userId: amina.id,
        type: 'order_placed',
        title: 'Order {number} placed',
        values: { number: 'SS-1' },
      }),
    );
    // The person; then the notice and the outbox rows in one statement (it was five: preferences, notice,
    // user, subscriptions, outbox; then three).
    expect(statements).toBe(2);
    const notices = await t.db.selectFrom('notifications').select(['type', 'title']).where('user_id', '=', amina.id).execute();
    expect(notices).toEqual([{ type: 'order_placed', title: 'Agizo SS-1 limewekwa' }]);
    expect((await outboxOf(amina.id)).map((r) => [r.channel, r.channel === 'sms' ? r.body : r.subject])).toEqual([
      ['email', 'Agizo SS-1 limewekwa'],
      ['sms', 'ShambaSoko: Agizo SS-1 limewekwa'],
    ]);
  });

  it('tells several people in two statements, each in their own language and by their own switches (issue 43)', async () => {
    const amina = await person({ language: 'sw' });
    const otieno = await person({ language: 'en', sms_enabled: false });
    const quiet = await person({ notify_order_updates: false });
    const counter = new StatementCounter();
    const notice = (userId: string) => ({ userId, type: 'order_update' as const, title: 'New sale {number}', values: { number: 'SS-7' } });
    const statements = await counter.during(() =>
      notifyAll(t.db.withPlugin(counter), [notice(amina.id), notice(otieno.id), notice(quiet.id)]),
    );
    // One read of the three people, one write of every notice and outbox row (six statements one by one).
    expect(statements).toBe(2);
    const titles = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'title'])
      .where('user_id', 'in', [amina.id, otieno.id, quiet.id])
      .execute();
    expect(new Map(titles.map((r) => [r.user_id, r.title]))).toEqual(
      new Map([
        [amina.id, 'Mauzo mapya SS-7'],
        [otieno.id, 'New sale SS-7'],
      ]),
    );
    expect((await outboxOf(amina.id)).map((r) => r.channel)).toEqual(['email', 'sms']);
    // Otieno turned SMS off; the third person turned order updates off altogether.
    expect((await outboxOf(otieno.id)).map((r) => [r.channel, r.subject])).toEqual([['email', 'New sale SS-7']]);
    expect(await outboxOf(quiet.id)).toEqual([]);
  });

  it('takes the people a caller read along in a statement of its own (recipientsJsonSql): no read, the same notices (issue 43)', async () => {
    const amina = await person({ language: 'sw' });
    const otieno = await person({ language: 'en', sms_enabled: false });
    const quiet = await person({ notify_order_updates: false });
    // No preferences row at all, and a browser subscribed to push.
    const plain = await person();
    await t.db
      .insertInto('push_subscriptions')
      .values({ user_id: plain.id, endpoint: `https://push.example/${plain.id}`, p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) })
      .execute();
    const people = [amina.id, otieno.id, quiet.id, plain.id];
    const notice = (number: string) => (userId: string) => ({
      userId,
      type: 'order_update' as const,
      title: 'New sale {number}',
      values: { number },
    });
    const rowsOf = async (number: string) =>
      (
        await t.db
          .selectFrom('notice_outbox')
          .select(['user_id', 'channel', 'recipient', 'subject', 'body'])
          .where('user_id', 'in', people)
          .where((eb) => eb.or([eb('subject', 'like', `%${number}%`), eb('body', 'like', `%${number}%`)]))
          .orderBy('user_id')
          .orderBy('channel')
          .execute()
      ).map((row) => ({ ...row, subject: row.subject.replace(number, 'N'), body: row.body.replace(number, 'N') }));

    await notifyAll(t.db, people.map(notice('SS-81')));
    const { rows } = await sql<{ people: unknown }>`select ${recipientsJsonSql(sql`${people}::uuid[]`)} as people`.execute(t.db);
    const known = recipientsFromJson(rows[0]!.people);
    const counter = new StatementCounter();
    const statements = await counter.during(() => notifyAll(t.db.withPlugin(counter), people.map(notice('SS-82')), known));
    // Only the write of every notice and outbox row.
    expect(statements).toBe(1);
    const read = await rowsOf('SS-81');
    expect(read.map((r) => r.channel)).toEqual(expect.arrayContaining(['email', 'sms', 'push']));
    expect(await rowsOf('SS-82')).toEqual(read);
  });

  it('queues nothing when the event rolls back', async () => {
    const otieno = await person();
    await t.db
      .transaction()
      .execute(async (trx) => {
        await notify(trx, { userId: otieno.id, type: 'order_placed', title: 'Order placed' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await outboxOf(otieno.id)).toEqual([]);
  });

  it('honours the per-kind and per-channel switches', async () => {
    const noOrderTexts = await person({ notify_order_updates: true, sms_enabled: false });
    await placed(noOrderTexts.id);
    expect((await outboxOf(noOrderTexts.id)).map((r) => r.channel)).toEqual(['email']);

    const noMail = await person({ email_enabled: false });
    await placed(noMail.id);
    expect((await outboxOf(noMail.id)).map((r) => r.channel)).toEqual(['sms']);

    const noInvitations = await person({ notify_invitations: false });
    await placed(noInvitations.id, 'farm_invitation');
    expect(await outboxOf(noInvitations.id)).toEqual([]);
    // In the app, invitations always show.
    expect(await t.db.selectFrom('notifications').select('id').where('user_id', '=', noInvitations.id).execute()).toHaveLength(1);
    await placed(noInvitations.id, 'payment_update');
    expect(await outboxOf(noInvitations.id)).toHaveLength(2);

    const noOrders = await person({ notify_order_updates: false });
    await placed(noOrders.id);
    expect(await outboxOf(noOrders.id)).toEqual([]);
  });

  it('no phone number, no SMS', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret);
    await placed(user.id);
    expect((await outboxOf(user.id)).map((r) => r.channel)).toEqual(['email']);
  });
});

describe('quiet hours (21:00–07:00 Nairobi)', () => {
  it('end of quiet hours, across midnight and after it', () => {
    // 22:30 Nairobi = 19:30 UTC → 07:00 Nairobi next day = 04:00 UTC.
    expect(afterQuietHours(new Date('2026-03-10T19:30:00Z')).toISOString()).toBe('2026-03-11T04:00:00.000Z');
    // 02:00 Nairobi = 23:00 UTC the day before → 04:00 UTC the same Nairobi day.
    expect(afterQuietHours(new Date('2026-03-10T23:00:00Z')).toISOString()).toBe('2026-03-11T04:00:00.000Z');
    const noon = new Date('2026-03-10T09:00:00Z');
    expect(afterQuietHours(noon)).toBe(noon);
    expect(afterQuietHours(new Date('2026-03-10T18:00:00Z')).toISOString()).toBe('2026-03-11T04:00:00.000Z');
    expect(afterQuietHours(new Date('2026-03-10T04:00:00Z')).toISOString()).toBe('2026-03-10T04:00:00.000Z');
  });

  it('an SMS written in quiet hours waits for their end; the e-mail goes; without quiet hours the SMS goes', async () => {
    const quiet = await person({ quiet_hours: true });
    const loud = await person();
    const night = new Date('2030-01-15T20:00:00Z'); // 23:00 Nairobi
    await t.db.transaction().execute(async (trx) => {
      await notify(trx, { userId: quiet.id, type: 'order_placed', title: 'Order placed' });
      await notify(trx, { userId: loud.id, type: 'order_placed', title: 'Order placed' });
    });
    // notify() stamps now; move both to the night in question.
    for (const user of [quiet, loud]) {
      await t.db
        .updateTable('notice_outbox')
        .set({ next_attempt_at: night })
        .where('user_id', '=', user.id)
        .where((eb) => eb.or([eb('channel', '=', 'email'), eb('user_id', '=', loud.id)]))
        .execute();
    }
    const { enqueueNotice } = await import('./outbox');
    await t.db.deleteFrom('notice_outbox').where('user_id', '=', quiet.id).where('channel', '=', 'sms').execute();
    await enqueueNotice(t.db, { userId: quiet.id, sms: { to: quiet.msisdn, text: 'ShambaSoko: Order placed', quietHours: true } }, night);

    const sms = fakeSms();
    const mail = fakeMail();
    await drainOutbox(t.db, { sms, email: mail }, new Date(night.getTime() + 60_000));
    expect(sms.sent.map((s) => s.to)).toContain(loud.msisdn);
    expect(sms.sent.map((s) => s.to)).not.toContain(quiet.msisdn);
    expect(mail.sent.map((m) => m.to)).toContain(quiet.email);

    await drainOutbox(t.db, { sms, email: mail }, new Date('2030-01-16T04:00:00Z'));
    expect(sms.sent.filter((s) => s.to === quiet.msisdn)).toHaveLength(1);
  });

  it('notify() for a person with quiet hours on, at night, queues the SMS for 07:00', async () => {
    const quiet = await person({ quiet_hours: true });
    jest.useFakeTimers({
      now: new Date('2030-02-01T19:00:00Z'),
      doNotFake: ['setTimeout', 'setImmediate', 'nextTick', 'queueMicrotask', 'setInterval'],
    });
    try {
      await placed(quiet.id);
    } finally {
      jest.useRealTimers();
    }
    const sms = (await outboxOf(quiet.id)).find((r) => r.channel === 'sms')!;
    expect(sms.next_attempt_at.toISOString()).toBe('2030-02-02T04:00:00.000Z');
  });
});

describe('draining', () => {
  it('two drains at once send each notice once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => person()));
    for (const u of users) await placed(u.id);
    const sms = fakeSms();
    const senders: Senders = { sms, email: fakeMail() };
    const at = LATER(1);
    await Promise.all([drainOutbox(t.db, senders, at), drainOutbox(t.db, senders, at), drainOutbox(t.db, senders, at)]);
    for (const u of users) expect(sms.sent.filter((s) => s.to === u.msisdn)).toHaveLength(1);
    const statuses = await t.db
      .selectFrom('notice_outbox')
      .select('status')
      .where(
        'user_id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['sent']));
    // A later drain finds nothing more to send for them.
    await drainOutbox(t.db, senders, LATER(2));
    for (const u of users) expect(sms.sent.filter((s) => s.to === u.msisdn)).toHaveLength(1);
  });

  it('an SMS outage delays the message with backoff, then it is delivered exactly once', async () => {
    const [retriesBefore, sentBefore] = [await noticesCounted('sms', 'retry'), await noticesCounted('sms', 'sent')];
    const user = await person();
    await placed(user.id);
    const sms = fakeSms();
    const senders: Senders = { sms, email: fakeMail() };
    const start = LATER(3);
    sms.down = true;
    await drainOutbox(t.db, senders, start);
    let row = (await outboxOf(user.id)).find((r) => r.channel === 'sms')!;
    expect([row.status, row.attempts, row.next_attempt_at.getTime() - start.getTime()]).toEqual(['pending', 1, RETRY_AFTER_MS[0]]);

    // Before the backoff is over, nothing is tried.
    await drainOutbox(t.db, senders, new Date(start.getTime() + 30_000));
    row = (await outboxOf(user.id)).find((r) => r.channel === 'sms')!;
    expect(row.attempts).toBe(1);

    const second = new Date(start.getTime() + RETRY_AFTER_MS[0]!);
    await drainOutbox(t.db, senders, second);
    row = (await outboxOf(user.id)).find((r) => r.channel === 'sms')!;
    expect([row.status, row.attempts, row.next_attempt_at.getTime() - second.getTime()]).toEqual(['pending', 2, RETRY_AFTER_MS[1]]);

    sms.down = false;
    await drainOutbox(t.db, senders, new Date(second.getTime() + RETRY_AFTER_MS[1]!));
    await drainOutbox(t.db, senders, new Date(second.getTime() + 3 * 3_600_000));
    row = (await outboxOf(user.id)).find((r) => r.channel === 'sms')!;
    expect([row.status, row.attempts]).toEqual(['sent', 3]);
    expect(sms.sent.filter((s) => s.to === user.msisdn)).toHaveLength(1);
    // On /metrics: the two failed tries as retries, the delivery as sent (other rows drained here add theirs).
    expect(await noticesCounted('sms', 'retry')).toBeGreaterThanOrEqual(retriesBefore + 2);
    expect(await noticesCounted('sms', 'sent')).toBeGreaterThanOrEqual(sentBefore + 1);
  });

  it('gives up after the fifth failure (1 min, 5, 30, 2 h between tries)', async () => {
    const user = await person({ email_enabled: false });
    await placed(user.id);
    const sms = fakeSms();
    sms.down = true;
    let at = LATER(5);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await drainOutbox(t.db, { sms, email: null }, at);
      at = new Date(at.getTime() + (RETRY_AFTER_MS[attempt] ?? 0));
    }
    const [row] = await outboxOf(user.id);
    expect([row!.status, row!.attempts, row!.last_error]).toEqual(['failed', 5, 'HTTP 503']);
    await drainOutbox(t.db, { sms, email: null }, LATER(30));
    expect((await outboxOf(user.id))[0]!.attempts).toBe(5);
  });

  it('a claim left by a process that died is taken again after its lease', async () => {
    const user = await person({ email_enabled: false });
    await placed(user.id);
    const at = LATER(6);
    await t.db
      .updateTable('notice_outbox')
      .set({ status: 'sending', attempts: 1, next_attempt_at: at })
      .where('user_id', '=', user.id)
      .execute();
    const sms = fakeSms();
    await drainOutbox(t.db, { sms, email: null }, new Date(at.getTime() - 1000));
    expect(sms.sent.filter((s) => s.to === user.msisdn)).toHaveLength(0);
    await drainOutbox(t.db, { sms, email: null }, at);
    expect(sms.sent.filter((s) => s.to === user.msisdn)).toHaveLength(1);
  });

  it('one run drains a backlog larger than a batch (an announcement to many), not 50 a tick', async () => {
    const user = await person({ email_enabled: false });
    for (let i = 0; i < 120; i += 1) await placed(user.id);
    const sms = fakeSms();
    const job = noticeOutboxJob(t.config, t.db, { sms, email: null });
    expect(await runJobIfDue(t.db, job, LATER(9.5))).toBe(true);
    const mine = () => sms.sent.filter((s) => s.to === user.msisdn).length;
    for (let i = 0; i < 100 && mine() < 120; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(mine()).toBe(120);
  });
});

describe('the notice-outbox job', () => {
  it('deletes finished rows after 30 days, keeps waiting ones, and sends after its transaction commits', async () => {
    const user = await person({ email_enabled: false });
    await placed(user.id);
    await placed(user.id);
    const [old, waiting] = await outboxOf(user.id).then((rows) => rows.map((r) => r.id));
    const longAgo = new Date(Date.now() - KEEP_FINISHED_MS - 60_000);
    await t.db.updateTable('notice_outbox').set({ status: 'sent', created_at: longAgo }).where('id', '=', old!).execute();
    await t.db.updateTable('notice_outbox').set({ created_at: longAgo }).where('id', '=', waiting!).execute();
    const sms = fakeSms();
    const job = noticeOutboxJob(t.config, t.db, { sms, email: null });
    const ran = await runJobIfDue(t.db, job, LATER(10));
    expect(ran).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    const left = await outboxOf(user.id);
    expect(left.map((r) => [r.id, r.status])).toEqual([[waiting, 'sent']]);
    expect(sms.sent.filter((s) => s.to === user.msisdn)).toHaveLength(1);
  });
});

describe('the notice-outbox job at shutdown', () => {
  it('stops draining between passes and is waited for: every claimed row is recorded before the pool could close', async () => {
    const user = await person({ email_enabled: false });
    for (let i = 0; i < 120; i += 1) await placed(user.id);
    const sms = fakeSms();
    const background = new BackgroundWork();
    const job = noticeOutboxJob(t.config, t.db, { sms, email: null });
    expect(await runJobIfDue(t.db, job, LATER(11), undefined, background)).toBe(true);
    const mine = () => sms.sent.filter((s) => s.to === user.msisdn).length;
    while (mine() === 0) await new Promise((r) => setTimeout(r, 5));
    await background.stop();
    // Nothing is still sending once stop() resolved, and the drain stopped short of the backlog.
    const rows = await outboxOf(user.id);
    expect(rows.filter((r) => r.status === 'sending')).toHaveLength(0);
    const sent = rows.filter((r) => r.status === 'sent').length;
    expect(sent).toBe(mine());
    expect(sent).toBeLessThan(120);
    await new Promise((r) => setTimeout(r, 200));
    expect(mine()).toBe(sent);
    // The rest of the backlog would fill the later tests' batches.
    await t.db.deleteFrom('notice_outbox').where('user_id', '=', user.id).execute();
  });
});

describe('delivery reports', () => {
  it('marks the SMS delivered or failed, once; replays and unknown ids change nothing', async () => {
    const user = await person({ email_enabled: false });
    await placed(user.id);
    await drainOutbox(t.db, { sms: fakeSms(), email: null }, LATER(7));
    const [row] = await outboxOf(user.id);
    expect(row!.status).toBe('sent');

    expect(await recordDeliveryReport(t.db, { id: row!.provider_id!, status: 'Success' })).toBe(true);
    expect(await recordDeliveryReport(t.db, { id: row!.provider_id!, status: 'Success' })).toBe(false);
    expect(await recordDeliveryReport(t.db, { id: row!.provider_id!, status: 'Failed', failureReason: 'AbsentSubscriber' })).toBe(false);
    expect(await recordDeliveryReport(t.db, { id: 'ATXid_unknown', status: 'Success' })).toBe(false);
    const [after] = await outboxOf(user.id);
    expect(after!.status).toBe('delivered');

    const other = await person({ email_enabled: false });
    await placed(other.id);
    await drainOutbox(t.db, { sms: fakeSms(), email: null }, LATER(8));
    const [sent] = await outboxOf(other.id);
    expect(await recordDeliveryReport(t.db, { id: sent!.provider_id!, status: 'Buffered' })).toBe(false);
    expect(await recordDeliveryReport(t.db, { id: sent!.provider_id!, status: 'Failed', failureReason: 'AbsentSubscriber' })).toBe(true);
    const [failed] = await outboxOf(other.id);
    expect([failed!.status, failed!.last_error]).toEqual(['failed', 'Failed: AbsentSubscriber']);
  });
});

describe('POST /v1/notices/sms/delivery/:token (the provider posts a form)', () => {
  const post = (token: string, fields: Record<string, string>) =>
    t.request({
      method: 'POST',
      url: `/v1/notices/sms/delivery/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('records the report with the right token, once; a wrong token is a 404 and changes nothing', async () => {
    const user = await person({ email_enabled: false });
    await placed(user.id);
    await drainOutbox(t.db, { sms: fakeSms(), email: null }, LATER(9));
    const [row] = await outboxOf(user.id);
    const report = { id: row!.provider_id!, status: 'Success', phoneNumber: user.msisdn, networkCode: '63902', retryCount: '0' };

    const wrong = await post('not-the-token', report);
    expect(wrong.statusCode).toBe(404);
    expect((await outboxOf(user.id))[0]!.status).toBe('sent');

    const first = await post(t.config.notices.sms!.deliveryToken, report);
    expect([first.statusCode, first.json().body]).toEqual([200, { updated: true }]);
    const replay = await post(t.config.notices.sms!.deliveryToken, report);
    expect([replay.statusCode, replay.json().body]).toEqual([200, { updated: false }]);
    expect((await outboxOf(user.id))[0]!.status).toBe('delivered');
  });

  it('refuses a report without an id, or with a NUL, with a 400', async () => {
    const token = t.config.notices.sms!.deliveryToken;
    expect((await post(token, { status: 'Success' })).statusCode).toBe(400);
    expect((await post(token, { id: 'ATXid_\u0000', status: 'Success' })).statusCode).toBe(400);
  });
});

describe("Africa's Talking client", () => {
  const settings = { baseUrl: 'http://at.test', username: 'sandbox', apiKey: 'k', senderId: 'SHAMBASOKO' };
  const answer = (status: number, body: unknown) =>
    jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('posts the form with the apiKey header and reads the recipient', async () => {
    const fetchImpl = answer(201, {
      SMSMessageData: {
        Message: 'Sent to 1/1 Total Cost: KES 0.8000',
        Recipients: [{ statusCode: 101, number: '+254711000000', status: 'Success', cost: 'KES 0.8000', messageId: 'ATXid_1' }],
      },
    });
    const result = await africasTalkingSms(settings, fetchImpl as unknown as typeof fetch).send('+254711000000', 'Habari');
    expect(result).toEqual({ ok: true, messageId: 'ATXid_1', cost: 'KES 0.8000' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://at.test/version1/messaging');
    expect((init.headers as Record<string, string>).apiKey).toBe('k');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      username: 'sandbox',
      to: '+254711000000',
      message: 'Habari',
      from: 'SHAMBASOKO',
    });
  });

  it('retries outages and gateway errors, not a refused number', async () => {
    const send = (f: jest.Mock) => africasTalkingSms(settings, f as unknown as typeof fetch).send('+254711000000', 'x');
    expect(await send(answer(503, {}))).toMatchObject({ ok: false, retry: true });
    expect(await send(jest.fn(async () => Promise.reject(new Error('ECONNREFUSED'))))).toMatchObject({ ok: false, retry: true });
    expect(await send(answer(201, { SMSMessageData: { Recipients: [{ statusCode: 500, status: 'InternalServerError' }] } }))).toMatchObject(
      { ok: false, retry: true },
    );
    expect(await send(answer(201, { SMSMessageData: { Recipients: [{ statusCode: 403, status: 'InvalidPhoneNumber' }] } }))).toEqual({
      ok: false,
      retry: false,
      error: '403 InvalidPhoneNumber',
    });
  });

  it('counts SMS parts: 160 GSM-7 characters in one, longer in 153s, other scripts in 70/67', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('€'.repeat(80))).toBe(1);
    expect(smsParts('€'.repeat(81))).toBe(2);
    expect(smsParts('✓'.repeat(70))).toBe(1);
    expect(smsParts('✓'.repeat(71))).toBe(2);
  });
});
