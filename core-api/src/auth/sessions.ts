import type { Kysely } from 'kysely';
import { type Broadcast, clusterBroadcast } from '../cluster/broadcast';
import type { Database } from '../db/schema';

/** What an access token's session (auth_sessions row) says about the token, as last read. */
interface SessionFacts {
  userId: string;
  revoked: boolean;
  /** Epoch ms of the session's absolute end (30 days from sign-in, whatever the rotations). */
  expiresAt: number;
}

/**
 * A short-lived cache of session facts. Revocations reach every API process's cache through the
 * cluster broadcast (LISTEN/NOTIFY), which calls `invalidate` there.
 */
export interface SessionCache {
  get(sessionId: string): SessionFacts | undefined;
  set(sessionId: string, facts: SessionFacts): void;
  invalidate(sessionIds: readonly string[]): void;
  clear(): void;
}

/**
 * A small LRU with a TTL: a Map keeps insertion order, so re-inserting on read moves an entry to
 * the end and the first key is the least recently used.
 */
export function createLruSessionCache({
  max = 10_000,
  ttlMs = 5_000,
  now = Date.now,
}: { max?: number; ttlMs?: number; now?: () => number } = {}): SessionCache {
  const entries = new Map<string, { facts: SessionFacts; until: number }>();
  return {
    get(sessionId) {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      entries.delete(sessionId);
      if (entry.until <= now()) return undefined;
      entries.set(sessionId, entry);
      return entry.facts;
    },
    set(sessionId, facts) {
      entries.delete(sessionId);
      entries.set(sessionId, { facts, until: now() + ttlMs });
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
    invalidate(sessionIds) {
      for (const id of sessionIds) entries.delete(id);
    },
    clear() {
      entries.clear();
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SessionGuard {
  /** Whether an access token of `userId` for `sessionId` may still be used. */
  isActive(sessionId: string, userId: string): Promise<boolean>;
  /**
   * Call after revoking sessions in the database (committed): their tokens stop at once in this
   * process, and in the other API processes as soon as the broadcast reaches them (milliseconds).
   */
  revoked(sessionIds: readonly string[]): void;
  /** Stops listening to the broadcast (the app closed). */
  detach(): void;
}

/**
 * The per-request check behind every access token: its session must exist, belong to the token's
 * user, not be revoked and not be past its absolute expiry. One indexed lookup, cached a few seconds.
 */
export function createSessionGuard(
  db: Kysely<Database>,
  cache: SessionCache = createLruSessionCache(),
  broadcast: Broadcast = clusterBroadcast,
): SessionGuard {
  const unsubscribe = [broadcast.on('sessions', (message) => cache.invalidate(message.ids)), broadcast.onReset(() => cache.clear())];
  return {
    async isActive(sessionId, userId) {
      if (!UUID.test(sessionId)) return false;
      let facts = cache.get(sessionId);
      if (!facts) {
        const row = await db
          .selectFrom('auth_sessions')
          .select(['user_id', 'revoked_at', 'expires_at'])
          .where('id', '=', sessionId)
          .executeTakeFirst();
        facts = row
          ? { userId: row.user_id, revoked: row.revoked_at !== null, expiresAt: row.expires_at.getTime() }
          : { userId: '', revoked: true, expiresAt: 0 };
        cache.set(sessionId, facts);
      }
      return !facts.revoked && facts.userId === userId && facts.expiresAt > Date.now();
    },
    revoked(sessionIds) {
      if (sessionIds.length > 0) broadcast.publish({ kind: 'sessions', ids: sessionIds });
    },
    detach() {
      for (const stop of unsubscribe) stop();
    },
  };
}
