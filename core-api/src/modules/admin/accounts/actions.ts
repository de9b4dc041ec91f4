import type { AdminAction } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** The audit of one account, listing or seller, newest first (the last 100: a page's history). */
export async function actionsOn(db: Kysely<Database>, subject: string): Promise<AdminAction[]> {
  const [kind, id] = subject.split(':') as [AdminAction['subjectKind'], string];
  const rows = await db
    .selectFrom('admin_actions as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.action', 'a.subject_kind', 'a.subject_id', 'a.before', 'a.after', 'a.reason', 'a.created_at', 'u.full_name'])
    .where('a.subject_kind', '=', kind)
    .where('a.subject_id', '=', id.toLowerCase())
    .orderBy('a.created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action as AdminAction['action'],
    actorName: r.full_name,
    subjectKind: r.subject_kind,
    subjectId: r.subject_id,
    before: r.before,
    after: r.after,
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
  }));
}
