import { type Kysely, sql, type SqlBool } from 'kysely';
import { type Broadcast, clusterBroadcast } from '../cluster/broadcast';
import { TaggedCache } from '../cache/tagged-cache';
import type { Database } from '../db/schema';

/** What an access token's session (auth_sessions row) says about the token, as last read. */
interface SessionFacts {
  userId: string;
  revoked: boolean;
  /** Epoch ms of the session's absolute end (30 days from sign-in, whatever the rotations). */
  expiresAt: number;
}

/**
 * How long after its read a session's facts may still answer: a revocation that no broadcast
 * announced (the bus link down) stops the session's tokens within this time, in every API process.
 */
export const SESSION_FACTS_BOUND_MS = 5_000;
/**
 * Facts are fresh for about FRESH_MS (±25 %, so sessions read together do not expire together);
 * then, up to the bound, a request is answered from them while they are read again behind it.
 */
const FRESH_MS = 2_800;
const STALE_MS = SESSION_FACTS_BOUND_MS - FRESH_MS * 1.25;
const MAX_SESSIONS = 10_000;

/** Reads the facts of these sessions (absent ids: no row) in one statement. */
type ReadSessions = (ids: readonly string[]) => Promise<Map<string, SessionFacts>>;

function readFrom(db: Kysely<Database>): ReadSessions {
  return async (ids) => {
    const rows = await db
      .selectFrom('auth_sessions')
      .select(['id', 'user_id', 'revoked_at', 'expires_at'])
      // One statement text (and prepared plan) whatever the number of ids.
      .where(sql<SqlBool>`id = any(${[...ids]}::uuid[])`)
      .execute();
    return new Map(
      rows.map((row) => [row.id, { userId: row.user_id, revoked: row.revoked_at !== null, expiresAt: row.expires_at.getTime() }]),
    );
  };
}

const NO_SESSION: SessionFacts = { userId: '', revoked: true, expiresAt: 0 };

interface Caller {
  resolve(facts: SessionFacts): void;
  reject(error: unknown): void;
}

/** Sessions read by one statement at most (a turn of thousands of requests reads in several). */
const BATCH = 500;

/**
 * One read per turn of the event loop: every session asked for while a turn's requests are handled
 * (a burst of sign-ins, facts going stale together) is read by one statement after it.
 */
function batched(read: ReadSessions): (id: string) => Promise<SessionFacts> {
  let waiting: Map<string, Caller[]> | null = null;
  const flush = async (batch: Map<string, Caller[]>) => {
    try {
      const found = await read([...batch.keys()]);
      for (const [id, callers] of batch) for (const caller of callers) caller.resolve(found.get(id) ?? NO_SESSION);
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    }
  };
  return (id) => {
    if (waiting === null || waiting.size >= BATCH) {
      const batch = (waiting = new Map());
      setImmediate(() => {
        if (waiting === batch) waiting = null;
        void flush(batch);
      });
    }
    const batch = waiting;
    return new Promise<SessionFacts>((resolve, reject) => {
      const callers = batch.get(id);
      if (callers === undefined) batch.set(id, [{ resolve, reject }]);
      else callers.push({ resolve, reject });
    });
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
 * user, not be revoked and not be past its absolute expiry. The facts are kept in memory (TaggedCache:
 * one read for concurrent requests, refreshed behind a request before they expire, so an active
 * person's requests do not wait for it), at most SESSION_FACTS_BOUND_MS after their read. A revocation
 * drops them at once, here and through the broadcast in every process; a read that began before it is
 * not kept.
 */
export function createSessionGuard(
  db: Kysely<Database>,
  {
    broadcast = clusterBroadcast,
    read = readFrom(db),
    now = Date.now,
  }: { broadcast?: Broadcast; read?: ReadSessions; now?: () => number } = {},
): SessionGuard {
  const cache = new TaggedCache<SessionFacts>({ freshMs: FRESH_MS, staleMs: STALE_MS, maxEntries: MAX_SESSIONS, maxRefreshes: 64 }, now);
  const load = batched(read);
  const unsubscribe = [
    broadcast.on('sessions', (message) => cache.invalidate(message.ids.map((id) => id.toLowerCase()))),
    broadcast.onReset(() => cache.clear()),
  ];
  return {
    async isActive(sessionId, userId) {
      if (!UUID.test(sessionId)) return false;
      const id = sessionId.toLowerCase();
      const facts = await cache.getOrLoad(id, async () => ({ value: await load(id), tags: [id] }));
      // The same clock as the cache's, so one clock says both how old the facts are and whether the session ended.
      return !facts.revoked && facts.userId === userId && facts.expiresAt > now();
    },
    revoked(sessionIds) {
      if (sessionIds.length > 0) broadcast.publish({ kind: 'sessions', ids: sessionIds });
    },
    detach() {
      for (const stop of unsubscribe) stop();
    },
  };
}
