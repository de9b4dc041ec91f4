import type { StatementCounter } from '../db/statement-counter';

/**
 * The statements `request` runs once this process's caches hold what it needs: it runs once uncounted,
 * then again, counted. (The session check never counts: test-app.ts reads it outside the plugins.)
 */
export async function countedOnceWarm<T>(counter: StatementCounter, request: () => Promise<T>): Promise<{ n: number; result: T }> {
  await request();
  let result: T | undefined;
  const n = await counter.during(async () => {
    result = await request();
  });
  return { n, result: result as T };
}
