import { sql } from 'kysely';
import { useTestDatabase } from '../testing/test-database';
import { StatementCounter } from './statement-counter';

const database = useTestDatabase();

it('settles once a statement started behind the caller has answered, and no later than its bound', async () => {
  const counter = new StatementCounter();
  const db = database().handle.db.withPlugin(counter);
  // As a cache's refresh behind a request: started, not awaited by whoever counts next.
  const behind = sql`select pg_sleep(0.3)`.execute(db);
  await counter.settled();
  expect(counter.count).toBe(1);
  await behind;

  // A statement that fails never reports its result: `settled` gives up at its bound instead of hanging.
  await expect(sql`select 1 / 0`.execute(db)).rejects.toThrow();
  const started = Date.now();
  await counter.settled(50);
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(await counter.during(() => sql`select 1`.execute(db))).toBe(1);
});
