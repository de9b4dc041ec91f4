import type { AdminActionName, AdminSubjectKind } from '@shambasoko/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

// Outside the modules: the admin module and the market (seller verification) both record here, and
// neither may import the other's internals.

export interface AdminActionRecord {
  actorId: string | null;
  action: AdminActionName;
  subject: { kind: AdminSubjectKind; id: string };
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason?: string | null;
}

/** Pass the action's own transaction: the audit row commits with the change or not at all. */
export async function recordAdminAction(db: Kysely<Database> | Transaction<Database>, record: AdminActionRecord): Promise<void> {
  await db
    .insertInto('admin_actions')
    .values({
      actor_id: record.actorId,
      action: record.action,
      subject_kind: record.subject.kind,
      subject_id: record.subject.id,
      before: JSON.stringify(record.before),
      after: JSON.stringify(record.after),
      reason: record.reason ?? null,
    })
    .execute();
}
