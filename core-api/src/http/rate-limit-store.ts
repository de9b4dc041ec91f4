import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Job } from '../jobs/scheduler';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * The upsert that counts one hit for `key` in a fixed window of `windowMs`: a new or ended window
 * starts at 1, a live one is incremented. The row lock makes concurrent hits from several processes
 * count exactly; times come from the database clock so the processes agree on when a window ends.
 * With `onlyIf` (a condition over the enclosing statement, e.g. another CTE of it) nothing is counted
 * unless it holds, and the upsert returns no row.
 */
export const hitSql = (key: string, windowMs: number, onlyIf: RawBuilder<boolean> = sql`true`) => sql<WindowCount>`
  insert into rate_limits as r (key, count, reset_at)
  select ${key}, 1, now() + ${windowMs} * interval '1 millisecond' where ${onlyIf}
  on conflict (key) do update set
    count = case when r.reset_at <= now() then 1 else r.count + 1 end,
    reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
  returning count as current, greatest(0, ceil(extract(epoch from r.reset_at - now()) * 1000))::int as ttl`;

/** Counts one hit for `key` (hitSql), in one statement. Takes any executor, so a hit can belong to a caller's transaction. */
export async function countHit(db: Kysely<Database>, key: string, windowMs: number): Promise<WindowCount> {
  const { rows } = await hitSql(key, windowMs).execute(db);
  const row = rows[0];
  if (!row) throw new Error('rate_limits upsert returned no row');
  return row;
}

/** Hourly: deletes windows that have ended (an ended row would only be reset on its next hit). */
export function rateLimitPurgeJob(): Job {
  return {
    name: 'purge-rate-limits',
    intervalMs: 60 * 60 * 1000,
    run: async (db, now) => {
      await db.deleteFrom('rate_limits').where('reset_at', '<', now).execute();
    },
  };
}

/**
 * A store for @fastify/rate-limit (its custom-store interface: `incr` and `child`) kept in PostgreSQL,
 * so limits hold across every API process on the database. The plugin constructs it, hence the
 * factory that closes over our Kysely instance. Keys are used as given: routes that return the same
 * key share one counter.
 */
export function postgresRateLimitStore(db: Kysely<Database>) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    // The plugin passes each route's window to `incr`, so one stateless store serves every route.
    incr(key: string, callback: (error: Error | null, result?: WindowCount) => void, timeWindow = 60_000): void {
      countHit(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): PostgresRateLimitStore {
      return this;
    }
  };
}
