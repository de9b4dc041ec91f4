import { clusterBroadcast } from '../cluster/broadcast';
import type { StatementCounter } from '../db/statement-counter';

/**
 * The statements `request` runs once this process's caches hold what it needs. Every per-process cache
 * is emptied (as a dropped bus link empties them), `request` runs once uncounted to fill them, a refresh
 * it started behind it is waited for, then `request` runs again, counted. Without the emptying, facts
 * cached earlier (a session's are fresh for about 2.8 s) could go stale in between and be read again
 * behind the counted request, adding a statement to it.
 */
export async function countedOnceWarm<T>(counter: StatementCounter, request: () => Promise<T>): Promise<{ n: number; result: T }> {
  clusterBroadcast.reset();
  await request();
  await counter.settled();
  let result: T | undefined;
  const n = await counter.during(async () => {
    result = await request();
  });
  return { n, result: result as T };
}
