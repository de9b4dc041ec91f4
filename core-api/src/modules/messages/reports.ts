import type { Kysely } from 'kysely';
import type { MessageReport, ReportConversationRequest } from '@shambasoko/contracts';
import { isUuid } from '../../db/ids';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { conversationFor } from './service';

// Reported conversations: a participant reports, an Admin reads the latest messages and resolves.

type Db = Kysely<Database>;
const REPORT_NOT_FOUND = 'Report not found';
/** What an Admin sees of the conversation to judge it. */
const CONTEXT_MESSAGES = 20;

export async function reportConversation(db: Db, userId: string, id: string, request: ReportConversationRequest): Promise<MessageReport> {
  const c = await conversationFor(db, userId, id);
  const row = await db
    .insertInto('message_reports')
    .values({ conversation_id: c.id, reporter_id: userId, reason: request.reason, note: request.note ?? '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return reportView(db, row.id);
}

async function reportView(db: Db, id: string): Promise<MessageReport> {
  const r = await db
    .selectFrom('message_reports as r')
    .innerJoin('conversations as c', 'c.id', 'r.conversation_id')
    .leftJoin('users as u', 'u.id', 'r.reporter_id')
    .select([
      'r.id',
      'r.conversation_id',
      'r.reason',
      'r.note',
      'r.status',
      'r.resolution',
      'r.created_at',
      'c.subject_title',
      'u.full_name',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (r === undefined) throw new ApiError(404, REPORT_NOT_FOUND);
  const messages = await db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.sender_id')
    .select(['users.full_name', 'messages.text', 'messages.created_at'])
    .where('messages.conversation_id', '=', r.conversation_id)
    .orderBy('messages.created_at', 'desc')
    .limit(CONTEXT_MESSAGES)
    .execute();
  return {
    id: r.id,
    conversationId: r.conversation_id,
    subjectTitle: r.subject_title,
    reporterName: r.full_name ?? '',
    reason: r.reason,
    note: r.note,
    status: r.status,
    resolution: r.resolution,
    createdAt: r.created_at.toISOString(),
    messages: messages.reverse().map((m) => ({ senderName: m.full_name, text: m.text, createdAt: m.created_at.toISOString() })),
  };
}

export async function listReports(db: Db, status: 'open' | 'resolved'): Promise<MessageReport[]> {
  const rows = await db
    .selectFrom('message_reports')
    .select('id')
    .where('status', '=', status)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return Promise.all(rows.map((r) => reportView(db, r.id)));
}

export async function resolveReport(db: Db, adminId: string, id: string, note: string): Promise<MessageReport> {
  if (!isUuid(id)) throw new ApiError(404, REPORT_NOT_FOUND);
  const row = await db
    .updateTable('message_reports')
    .set({ status: 'resolved', resolved_by: adminId, resolved_at: new Date(), resolution: note })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  if (row === undefined) {
    const exists = await db.selectFrom('message_reports').select('id').where('id', '=', id).executeTakeFirst();
    throw exists ? new ApiError(409, 'This report is already resolved.') : new ApiError(404, REPORT_NOT_FOUND);
  }
  return reportView(db, id);
}
