import { clusterBroadcast } from '../cluster/broadcast';
import type { StatementCounter } from '../db/statement-counter';

/**
 * The statements `request` runs once this process's caches hold what it needs. Every per-process cache
 * is emptied (as a dropped bus link empties them), `request` runs once uncounted to load them in the
 * open, then again, counted. Without the emptying, facts cached earlier (a session's are fresh for about
 * 2.8 s) could be fresh at the first run and stale at the second, whose refresh behind it would add a
 * statement to the count.
 */
export async function countedOnceWarm<T>(counter: StatementCounter, request: () => Promise<T>): Promise<{ n: number; result: T }> {
  clusterBroadcast.reset();
  await request();
  let result: T | undefined;
  const n = await counter.during(async () => {
    result = await request();
  });
  return { n, result: result as T };
}
