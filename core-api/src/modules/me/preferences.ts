import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_PREFERENCES, type Preferences } from '@shambasoko/contracts';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const row = await db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return DEFAULT_PREFERENCES;
  return {
    language: row.language,
    areaUnit: row.area_unit,
    notifications: {
      orderUpdates: row.notify_order_updates,
      taskAssignments: row.notify_task_assignments,
      paymentUpdates: row.notify_payment_updates,
      invitations: row.notify_invitations,
      messages: row.notify_messages,
      announcements: row.notify_announcements,
    },
    channels: { sms: row.sms_enabled, email: row.email_enabled, quietHours: row.quiet_hours, push: row.push_enabled },
  };
}

export async function savePreferences(db: Db, userId: string, p: Preferences): Promise<Preferences> {
  const values = {
    language: p.language,
    area_unit: p.areaUnit,
    notify_order_updates: p.notifications.orderUpdates,
    notify_task_assignments: p.notifications.taskAssignments,
    notify_payment_updates: p.notifications.paymentUpdates,
    // Left out of the PUT (an older client): keep what is saved.
    ...defined({
      notify_invitations: p.notifications.invitations,
      notify_messages: p.notifications.messages,
      notify_announcements: p.notifications.announcements,
      sms_enabled: p.channels?.sms,
      email_enabled: p.channels?.email,
      quiet_hours: p.channels?.quietHours,
      push_enabled: p.channels?.push,
    }),
    updated_at: new Date(),
  };
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return getPreferences(db, userId);
}

function defined<T extends Record<string, boolean | undefined>>(values: T): Partial<{ [K in keyof T]: boolean }> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<{ [K in keyof T]: boolean }>;
}
