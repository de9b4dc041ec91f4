import { forOperators } from '../../http/language';
import { type Kysely, type Transaction, sql } from 'kysely';
import { nairobiClock, startOfNairobiDay, todayInNairobi } from '@shambasoko/contracts/time';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { unreadWrite } from '../../db/database';
import type { Job, JobLog } from '../../jobs/scheduler';
import { africasTalkingSms, type SmsSender } from './providers/africas-talking';
import { smtpMail } from './providers/smtp';
import { type PushSender, webPush } from './providers/web-push';
import { countNoticeOutcome } from '../../observability/metrics';
import { traced } from '../../observability/tracing';

type Db = Kysely<Database> | Transaction<Database>;

/** Sends one e-mail; the SMTP transport plugs in here. */
export interface MailSender {
  send(mail: {
    to: string;
    subject: string;
    text: string;
    html: string | null;
  }): Promise<{ ok: true; messageId: string } | { ok: false; retry: boolean; error: string }>;
  /** Lets go of the connection kept between sends, if any; the next send opens another. */
  close?(): Promise<void>;
}

export interface Senders {
  sms: SmsSender | null;
  email: MailSender | null;
  /** Unset: push rows wait (tests written before push). */
  push?: PushSender | null;
  /** Fills APP_URL in stored texts (PUBLIC_APP_URL); unset: left as it is. */
  appUrl?: string;
}

/** Stands for the app's address in stored texts until they are sent. */
export const APP_URL = '{app}';

/** Waits after the 1st, 2nd, 3rd and 4th failed try; the 5th failure is final. */
export const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];
/** A claim older than this is taken to be from a process that died while sending. */
const CLAIM_LEASE_MS = 10 * 60_000;
const BATCH = 50;

const QUIET_FROM_HOUR = 21;
const QUIET_UNTIL_HOUR = 7;

/** When an SMS may go: `now`, or the end of quiet hours (21:00–07:00 Nairobi, no daylight saving) if inside them. */
export function afterQuietHours(now: Date): Date {
  const hour = nairobiClock(now).getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return now;
  const end = new Date(startOfNairobiDay(todayInNairobi(now)).getTime() + QUIET_UNTIL_HOUR * 3_600_000);
  if (hour >= QUIET_FROM_HOUR) end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

export interface OutsideNotice {
  userId: string | null;
  sms?: { to: string; text: string; quietHours: boolean } | null;
  email?: { to: string; subject: string; text: string; html?: string | null } | null;
  /** To every browser the person subscribed; a phone buzzes, so quiet hours hold it like an SMS. */
  /** `subscriptions`: the person's push_subscriptions ids, read by the caller with the person (notify). */
  push?: { title: string; body: string; url: string; quietHours: boolean; subscriptions: readonly string[] } | null;
  /** The in-app notice of the same event (notify): written by the same statement as the outbox rows. */
  inApp?: { user_id: string; type: string; title: string; body: string; link: string | null } | null;
}

type Channel = 'sms' | 'email' | 'push';
const CHANNELS: readonly Channel[] = ['sms', 'email', 'push'];

/** Writes the outbox rows in the caller's transaction, so nothing goes out for an event that rolled back. */
export async function enqueueNotice(db: Db, n: OutsideNotice, now = new Date()): Promise<void> {
  await enqueueNotices(db, [n], now);
}

/** Each notice's outbox rows: its SMS, its e-mail and one push per subscription. */
function outboxRows(n: OutsideNotice, now: Date) {
  const rows = [];
  if (n.sms) {
    rows.push({
      user_id: n.userId,
      channel: 'sms' as const,
      recipient: n.sms.to,
      body: n.sms.text,
      next_attempt_at: n.sms.quietHours ? afterQuietHours(now) : now,
    });
  }
  if (n.email) {
    rows.push({
      user_id: n.userId,
      channel: 'email' as const,
      recipient: n.email.to,
      subject: n.email.subject,
      body: n.email.text,
      html: n.email.html ?? null,
      next_attempt_at: now,
    });
  }
  if (n.push && n.userId) {
    for (const subscription of n.push.subscriptions) {
      rows.push({
        user_id: n.userId,
        channel: 'push' as const,
        recipient: subscription,
        subject: n.push.title,
        body: n.push.body,
        url: n.push.url,
        next_attempt_at: n.push.quietHours ? afterQuietHours(now) : now,
      });
    }
  }
  return rows;
}

/** Outbox rows a statement writes at most: eight columns each stay far below PostgreSQL's 65,535 parameters. */
const ROWS_PER_STATEMENT = 2_000;

/**
 * Several notices' in-app rows and outbox rows in one statement (a notice is written inside its
 * event's transaction, which waits on each round trip): a checkout's buyer and sellers, or an
 * announcement's readers, cost one write whatever their number, up to `ROWS_PER_STATEMENT` rows.
 */
export async function enqueueNotices(db: Db, notices: readonly OutsideNotice[], now = new Date()): Promise<void> {
  let rows: ReturnType<typeof outboxRows> = [];
  let inApp: NonNullable<OutsideNotice['inApp']>[] = [];
  for (const n of notices) {
    const own = outboxRows(n, now);
    if (rows.length + own.length > ROWS_PER_STATEMENT || inApp.length === ROWS_PER_STATEMENT) {
      await writeNotices(db, rows, inApp);
      rows = [];
      inApp = [];
    }
    rows.push(...own);
    if (n.inApp) inApp.push(n.inApp);
  }
  await writeNotices(db, rows, inApp);
}

/** Nothing reads what a notice's write answers: inside a transaction it goes out with what follows (unreadWrite). */
async function writeNotices(db: Db, rows: ReturnType<typeof outboxRows>, inApp: NonNullable<OutsideNotice['inApp']>[]): Promise<void> {
  if (rows.length === 0) {
    if (inApp.length > 0) await db.insertInto('notifications').values(inApp).modifyEnd(unreadWrite).execute();
    return;
  }
  if (inApp.length === 0) await db.insertInto('notice_outbox').values(rows).modifyEnd(unreadWrite).execute();
  else
    await db
      .with('in_app', (q) => q.insertInto('notifications').values(inApp))
      .insertInto('notice_outbox')
      .values(rows)
      .modifyEnd(unreadWrite)
      .execute();
}

interface Claimed {
  id: string;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  url: string | null;
  attempts: number;
}

/**
 * Claims due rows (skip locked: concurrent drains never take the same row) and marks them 'sending'
 * with a lease, in its own short transaction; the provider is called only after that commits.
 */
async function claimDue(db: Kysely<Database>, channels: Channel[], now: Date, limit = BATCH): Promise<Claimed[]> {
  if (channels.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('notice_outbox')
      .select('id')
      .where('status', 'in', ['pending', 'sending'])
      .where('next_attempt_at', '<=', now)
      .where('channel', 'in', channels)
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('notice_outbox')
      .set({ status: 'sending', attempts: sql`attempts + 1`, next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .returning(['id', 'channel', 'recipient', 'subject', 'body', 'html', 'url', 'attempts'])
      .execute();
  });
}

/** Sends what was claimed and records each outcome; a failure waits its backoff, the last one fails the row. */
async function sendClaimed(db: Kysely<Database>, senders: Senders, claimed: Claimed[], now: Date, log?: JobLog): Promise<void> {
  const withApp = (text: string) => (senders.appUrl === undefined ? text : text.replaceAll(APP_URL, senders.appUrl));
  for (const row of claimed) {
    const result =
      row.channel === 'sms'
        ? await traced('africas-talking', 'sms.send', () => senders.sms!.send(row.recipient, withApp(row.body)))
        : row.channel === 'email'
          ? await traced('smtp', 'mail.send', () =>
              senders.email!.send({
                to: row.recipient,
                subject: row.subject,
                text: withApp(row.body),
                html: row.html && withApp(row.html),
              }),
            )
          : await sendPush(db, senders.push!, row, withApp, now);
    if (result.ok) {
      await db
        .updateTable('notice_outbox')
        .set({ status: 'sent', provider_id: result.messageId, sent_at: now, last_error: null })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .execute();
      countNoticeOutcome(row.channel, 'sent');
      continue;
    }
    const wait = RETRY_AFTER_MS[row.attempts - 1];
    const final = !result.retry || wait === undefined;
    await db
      .updateTable('notice_outbox')
      .set({
        status: final ? 'failed' : 'pending',
        last_error: result.error.slice(0, 500),
        next_attempt_at: final ? now : new Date(now.getTime() + wait),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .execute();
    countNoticeOutcome(row.channel, final ? 'failed' : 'retry');
    log?.info({ outbox: row.id, channel: row.channel, attempts: row.attempts, final, error: result.error }, 'notice not sent');
  }
}

/**
 * One push to one subscription; its bookkeeping (last success, failures) goes with it, and a
 * subscription the push service no longer knows (404/410) is deleted: no retry can reach it.
 */
async function sendPush(db: Kysely<Database>, sender: PushSender, row: Claimed, withApp: (text: string) => string, now: Date) {
  const target = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('id', '=', row.recipient)
    .executeTakeFirst();
  if (!target) return { ok: false as const, retry: false, error: forOperators('subscription removed') };
  const result = await traced('web-push', 'push.send', () =>
    sender.send(target, { title: row.subject, body: row.body, url: withApp(row.url ?? APP_URL) }),
  );
  if (result.ok) {
    await db.updateTable('push_subscriptions').set({ last_success_at: now, failures: 0 }).where('id', '=', row.recipient).execute();
  } else if (result.gone) {
    await db.deleteFrom('push_subscriptions').where('id', '=', row.recipient).execute();
  } else {
    await db
      .updateTable('push_subscriptions')
      .set({ failures: sql`failures + 1` })
      .where('id', '=', row.recipient)
      .execute();
  }
  return result;
}

/** One pass: claim, then send outside the claiming transaction. Returns how many rows were tried. */
export async function drainOutbox(db: Kysely<Database>, senders: Senders, now = new Date(), log?: JobLog): Promise<number> {
  const channels = CHANNELS.filter((c) => senders[c] != null);
  const claimed = await claimDue(db, channels, now);
  await sendClaimed(db, senders, claimed, now, log);
  return claimed.length;
}

/** How long one run of the job keeps draining: a backlog (an announcement to thousands) goes out in one run, not 50 a tick. */
const DRAIN_BUDGET_MS = 20_000;

/** Passes until a pass finds fewer than a batch, or the budget is spent. Returns how many rows were tried. */
async function drainAll(db: Kysely<Database>, senders: Senders, now: Date, log: JobLog, signal: AbortSignal, budgetMs = DRAIN_BUDGET_MS) {
  const until = Date.now() + budgetMs;
  let tried = 0;
  for (;;) {
    const pass = await drainOutbox(db, senders, now, log);
    tried += pass;
    // A process shutting down finishes the pass it claimed (those rows are leased to it) and stops.
    if (pass < BATCH || Date.now() >= until || signal.aborted) return tried;
  }
}

function sendersFrom(config: Config): Senders {
  return {
    sms: config.notices.sms ? africasTalkingSms(config.notices.sms) : null,
    email: config.notices.email ? smtpMail(config.notices.email) : null,
    push: config.notices.push ? webPush(config.notices.push) : null,
    appUrl: config.payments.publicAppUrl,
  };
}

/** Finished rows (their phone numbers and addresses) are kept this long, for questions about a notice, then deleted. */
export const KEEP_FINISHED_MS = 30 * 24 * 3_600_000;

async function purgeFinished(db: Kysely<Database>, now: Date): Promise<number> {
  const gone = await db
    .deleteFrom('notice_outbox')
    .where('status', 'in', ['sent', 'delivered', 'failed'])
    .where('created_at', '<', new Date(now.getTime() - KEEP_FINISHED_MS))
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/**
 * The scheduled job (jobs/registry.ts). The scheduler's transaction only purges and gates the run;
 * the drain claims and sends on its own connection after that commits, so no provider call holds a
 * transaction.
 */
export function noticeOutboxJob(config: Config, db: Kysely<Database>, senders: Senders = sendersFrom(config)): Job {
  return {
    name: 'notice-outbox',
    intervalMs: 30_000,
    run: async (trx, now, log, signal) => {
      await purgeFinished(trx, now);
      // Returned, not left floating: the scheduler awaits it at shutdown before the pool closes.
      return () =>
        drainAll(db, senders, now, log, signal)
          .catch((err: unknown) => log.error({ err }, 'notice outbox drain failed'))
          // The mail connection lives for one drain: none is left open between runs or at shutdown.
          .finally(() => senders.email?.close?.());
    },
  };
}

/** AT's delivery report statuses that end a message; the others (Sent, Submitted, Buffered) are on the way. */
const DELIVERED = 'Success';
const FINAL_FAILURES = new Set(['Failed', 'Rejected']);

/**
 * Records a delivery report for an SMS we sent; replays and reports for unknown ids change nothing,
 * and a final state is never overwritten. Returns whether a row changed.
 */
export async function recordDeliveryReport(
  db: Kysely<Database>,
  report: { id: string; status: string; failureReason?: string | null },
  now = new Date(),
): Promise<boolean> {
  const delivered = report.status === DELIVERED;
  if (!delivered && !FINAL_FAILURES.has(report.status)) return false;
  const updated = await db
    .updateTable('notice_outbox')
    .set(
      delivered
        ? { status: 'delivered', delivered_at: now }
        : { status: 'failed', last_error: `${report.status}${report.failureReason ? `: ${report.failureReason}` : ''}`.slice(0, 500) },
    )
    .where('provider_id', '=', report.id)
    .where('channel', '=', 'sms')
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
