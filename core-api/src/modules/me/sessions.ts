import { type Kysely, sql } from 'kysely';
import type { SignedInDevice } from '@shambasoko/contracts';
import type { SessionGuard } from '../../auth/sessions';
import { isUuid } from '../../db/ids';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { catalogued } from '../../http/language';

type Db = Kysely<Database>;

const NOT_FOUND = 'That signed-in device was not found. It may have signed out already.';

function describe(device: Record<string, unknown>): string {
  const part = (key: string) => (typeof device[key] === 'string' ? (device[key] as string).trim() : '');
  const os = [part('os'), part('osVersion')].filter(Boolean).join(' ');
  const model = part('model') || part('make');
  return [os, model].filter(Boolean).join(' · ') || catalogued('Unknown device');
}

/** The caller's live sign-ins (not revoked, not past their end), the one making the request first. */
export async function listSessions(db: Db, userId: string, currentId: string): Promise<SignedInDevice[]> {
  const rows = await db
    .selectFrom('auth_sessions as s')
    .select([
      's.id',
      's.device',
      's.provider',
      's.created_at',
      sql<Date>`coalesce((select max(r.created_at) from refresh_tokens r where r.session_id = s.id), s.created_at)`.as('last_used_at'),
    ])
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .orderBy('last_used_at', 'desc')
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      device: describe(r.device),
      provider: r.provider,
      signedInAt: r.created_at.toISOString(),
      lastUsedAt: new Date(r.last_used_at).toISOString(),
      current: r.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Signs out one of the caller's other devices: its session is revoked, so its access tokens stop now
 * (the guard's cache is told) and its refresh token is refused at the next turn. Another person's
 * session answers 404, as one that does not exist.
 */
export async function revokeMySession(db: Db, guard: Pick<SessionGuard, 'revoked'>, userId: string, currentId: string, sessionId: string) {
  if (!isUuid(sessionId)) throw new ApiError(404, NOT_FOUND);
  if (sessionId === currentId)
    throw new ApiError(400, 'This is the device you are using. Use Sign Out in the account menu to sign out here.');
  const rows = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: new Date(), revoked_reason: catalogued('signed out from another device') })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  if (rows.length === 0) throw new ApiError(404, NOT_FOUND);
  guard.revoked(rows.map((r) => r.id));
}
