import { type Kysely, type RawBuilder, type Selectable, type Transaction, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { type Language, translateFor } from '../../http/language';
import { APP_URL, enqueueNotice, enqueueNotices, type OutsideNotice } from './outbox';
import { EMAIL_TEXTS, type EmailTextKey, fill, kenyanMsisdn, simpleHtml, SMS_TEXTS, type SmsTextKey } from './texts';

type NotificationType =
  | 'order_placed'
  | 'order_expired'
  | 'order_update'
  | 'payment_update'
  | 'activity_assigned'
  | 'farm_member_added'
  | 'farm_invitation'
  | 'farm_member_left'
  | 'service_request'
  | 'listing_update'
  | 'announcement'
  | 'message';

/** The preference (user_preferences, 023) that can turn a kind off; farm invitations always go. */
const PREFERENCE: Partial<Record<NotificationType, 'notify_order_updates' | 'notify_task_assignments' | 'notify_payment_updates'>> = {
  order_placed: 'notify_order_updates',
  order_expired: 'notify_order_updates',
  order_update: 'notify_order_updates',
  service_request: 'notify_order_updates',
  payment_update: 'notify_payment_updates',
  activity_assigned: 'notify_task_assignments',
};

type PreferenceColumn =
  | 'notify_order_updates'
  | 'notify_task_assignments'
  | 'notify_payment_updates'
  | 'notify_invitations'
  | 'notify_messages'
  | 'notify_announcements';

/** Outside the app (SMS, e-mail) every kind has a switch, invitations included (046). */
const OUTSIDE_PREFERENCE: Record<NotificationType, PreferenceColumn> = {
  order_placed: 'notify_order_updates',
  order_expired: 'notify_order_updates',
  order_update: 'notify_order_updates',
  service_request: 'notify_order_updates',
  listing_update: 'notify_order_updates',
  payment_update: 'notify_payment_updates',
  activity_assigned: 'notify_task_assignments',
  farm_member_added: 'notify_invitations',
  farm_invitation: 'notify_invitations',
  farm_member_left: 'notify_invitations',
  announcement: 'notify_announcements',
  message: 'notify_messages',
};

export interface NewNotification {
  userId: string;
  type: NotificationType;
  /**
   * English, written once; stored in the recipient's language (user_preferences.language) through the
   * messages dictionary. "{name}" placeholders are filled from `values` and `words`.
   */
  title: string;
  body?: string;
  /** Filled in as they are: names, numbers, dates, amounts. */
  values?: Record<string, string | number>;
  /** Filled in translated: fixed English words such as a status label. */
  words?: Record<string, string>;
  link?: string | null;
  /** Text a person wrote in each language (an announcement): used as is instead of title/body. */
  written?: Record<Language, { title: string; body: string }>;
  /** The SMS's own short text (texts.ts) in place of the title and body; `values` fill it, {link} too. */
  sms?: SmsTextKey;
  /** The e-mail's own subject and text (texts.ts), filled the same way. */
  email?: EmailTextKey;
  /** Where it goes; default all four. A receipt, say, goes by e-mail only. */
  channels?: ReadonlyArray<'app' | 'sms' | 'email' | 'push'>;
}

/** A notification's text in `language`, its placeholders filled. */
function notificationText(english: string, language: Language, n: Pick<NewNotification, 'values' | 'words'>): string {
  return translateFor(english, language).replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = n.values?.[name];
    if (value !== undefined) return String(value);
    const word = n.words?.[name];
    return word === undefined ? whole : translateFor(word, language);
  });
}

/**
 * Records a notification for a user in their language, unless they turned that kind off in
 * Preferences, and queues its SMS, e-mail and push for the channels and kind they allow; pass the
 * caller's transaction so all of it commits with the event.
 */
export async function notify(db: Kysely<Database> | Transaction<Database>, n: NewNotification): Promise<void> {
  await notifyAll(db, [n]);
}

/**
 * A notification as written where its event happens, for `notifyAll` (the catalog scan reads its title,
 * body and words, as it reads a `notify` call's: message-sources.ts).
 */
export const notice = (n: NewNotification): NewNotification => n;

/** People told in one read and one write; an announcement's readers go in groups this large. */
const NOTICES_PER_ROUND = 500;

/**
 * `notify` for several notices at once (a checkout's buyer and sellers, an announcement's readers):
 * their people read in one statement and every notice written in one more, instead of two round
 * trips each inside the caller's transaction.
 */
export async function notifyAll(
  db: Kysely<Database> | Transaction<Database>,
  notices: readonly NewNotification[],
  /** People already read by the caller's own statement (`recipientsJsonSql`): not read again. */
  known: Recipients = new Map(),
): Promise<void> {
  for (let i = 0; i < notices.length; i += NOTICES_PER_ROUND) {
    const group = notices.slice(i, i + NOTICES_PER_ROUND);
    const missing = [...new Set(group.map((n) => n.userId))].filter((id) => !known.has(id));
    const recipients = missing.length === 0 ? known : new Map([...known, ...(await recipientsOf(db, missing))]);
    await enqueueNotices(
      db,
      group.flatMap((n) => {
        const notice = noticeFor(n, recipients.get(n.userId));
        return notice === null ? [] : [notice];
      }),
    );
  }
}

/**
 * A person as a notice needs them: their switches (a user_preferences row's columns, none without a
 * row), contacts and push subscriptions.
 */
type Recipient = Partial<Omit<Selectable<Database['user_preferences']>, 'updated_at'>> & {
  recipient_id: string;
  recipient_email: string | null;
  recipient_msisdn: string | null;
  push_subscriptions: string[];
};

/** People by user id, as `recipientsFromJson` reads them. */
export type Recipients = ReadonlyMap<string, Recipient>;

/** What one notification writes for its person (null: they turned its kind off). */
function noticeFor(n: NewNotification, recipient: Recipient | undefined): OutsideNotice | null {
  const preference = PREFERENCE[n.type];
  // No preferences row (the left join's user_id is null): every default holds.
  const row = recipient?.user_id ? (recipient as Omit<Selectable<Database['user_preferences']>, 'updated_at'>) : undefined;
  if (row && preference && !row[preference]) return null;
  const language = row?.language === 'sw' ? 'sw' : 'en';
  const title = n.written ? n.written[language].title : notificationText(n.title, language, n);
  const body = n.written ? n.written[language].body : n.body === undefined ? '' : notificationText(n.body, language, n);
  const channels = n.channels ?? ['app', 'sms', 'email', 'push'];
  const inApp = channels.includes('app') ? { user_id: n.userId, type: n.type, title, body, link: n.link ?? null } : null;
  // Nothing outside the app: the in-app notice alone.
  if ((row && !row[OUTSIDE_PREFERENCE[n.type]]) || !recipient) return { userId: n.userId, inApp };
  const user = { email: recipient.recipient_email, msisdn: recipient.recipient_msisdn };
  // The app's address is the sender's to know (config): the drain fills it in.
  const link = n.link ? `${APP_URL}${n.link}` : null;
  const values = { ...n.values, link: link ?? '' };
  const plain = body === '' ? title : `${title}. ${body}`;
  const phone = kenyanMsisdn(user.msisdn);
  const sms = n.sms ? fill(SMS_TEXTS[n.sms][language], values) : fill(`ShambaSoko: ${plain}`, {});
  const mail = n.email
    ? { subject: fill(EMAIL_TEXTS[n.email][language].subject, values), text: fill(EMAIL_TEXTS[n.email][language].text, values) }
    : { subject: title, text: link ? `${body === '' ? title : body}\n\n${link}` : body === '' ? title : body };
  return {
    userId: n.userId,
    inApp,
    sms:
      channels.includes('sms') && phone && (row?.sms_enabled ?? true)
        ? { to: phone, text: sms, quietHours: row?.quiet_hours ?? false }
        : null,
    email:
      channels.includes('email') && user.email && (row?.email_enabled ?? true)
        ? { ...mail, to: user.email, html: simpleHtml(mail.text, link) }
        : null,
    // The in-app notice's own words, to each browser the person subscribed.
    push:
      channels.includes('push') && (row?.push_enabled ?? true)
        ? { title, body, url: link ?? `${APP_URL}/`, quietHours: row?.quiet_hours ?? false, subscriptions: recipient.push_subscriptions }
        : null,
  };
}

/**
 * The people's switches (user_preferences), contacts and push subscriptions in one read, by user id:
 * three round trips a person before, in every notification's transaction.
 */
async function recipientsOf(db: Kysely<Database> | Transaction<Database>, userIds: readonly string[]): Promise<Recipients> {
  const { rows } = await sql<{ recipients: unknown }>`select ${recipientsJsonSql(sql`${[...userIds]}::uuid[]`)} as recipients`.execute(db);
  return recipientsFromJson(rows[0]?.recipients);
}

/**
 * The people of `userIds` (an expression of type uuid[]) as one JSON array, for `recipientsFromJson`:
 * `recipientsOf` reads it, and so can a statement a caller runs anyway (a Buy Now order's claim), so
 * that its transaction makes one round trip fewer. A person without a user_preferences row has none
 * of its keys (every default holds).
 */
export function recipientsJsonSql(userIds: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(
    select coalesce(jsonb_agg(
      coalesce(to_jsonb(p) - 'updated_at', '{}'::jsonb) || jsonb_build_object(
        'recipient_id', u.id, 'recipient_email', u.email, 'recipient_msisdn', u.msisdn,
        'push_subscriptions', array(select s.id::text from push_subscriptions s where s.user_id = u.id order by s.id)
      )
    ), '[]'::jsonb)
    from users u left join user_preferences p on p.user_id = u.id
    where u.id = any(${userIds})
  )`;
}

/** `recipientsJsonSql`'s value (null: nobody) as people by user id. */
export function recipientsFromJson(value: unknown): Recipients {
  const list = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Recipient[];
  return new Map(list.map((person) => [person.recipient_id, person]));
}

/**
 * Texts someone who has no account yet (a farm invitation by phone number), in `language` (the
 * sender's: the reader's is unknown). Quiet hours are the reader's choice, which they have not made.
 */
export async function textInvitee(
  db: Kysely<Database> | Transaction<Database>,
  n: { phone: string; language: Language; sms: SmsTextKey; values: Record<string, string | number>; link: string },
): Promise<boolean> {
  const to = kenyanMsisdn(n.phone);
  if (!to) return false;
  const text = fill(SMS_TEXTS[n.sms][n.language], { ...n.values, link: `${APP_URL}${n.link}` });
  await enqueueNotice(db, { userId: null, sms: { to, text, quietHours: false } });
  return true;
}

// API-only schemas: kept out of @shambasoko/shared, which every front-end bundle carries whole.
const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  /** ISO date-time. */
  createdAt: z.string(),
});

/** Answer of GET /v1/notifications and POST /v1/notifications/read: the latest 20, and all unread. */
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int().min(0) });
export type NotificationList = z.infer<typeof notificationListSchema>;

const PAGE = 20;

export async function listNotifications(db: Kysely<Database>, userId: string): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(PAGE).execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    unread: Number(unread.n),
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      body: r.body,
      link: r.link,
      read: r.read_at !== null,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

export async function markAllRead(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}
