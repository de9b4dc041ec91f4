import { sql, type Transaction } from 'kysely';
import { withRequestId } from '../observability/context';
import { APPLICATION_NAME_PREFIX, genericPlan, genericPlanTransaction } from './database';
import type { Database } from './schema';
import { useTestDatabase } from '../testing/test-database';

// The server engine names parameterised statements (database.ts, withNamedStatements) so each is
// parsed once per connection; runs in the PostgreSQL pass (node scripts/test-postgres.mjs).
const serverOnly = process.env.DATABASE_URL ? describe : describe.skip;

serverOnly('named statements on the server engine', () => {
  const database = useTestDatabase();

  it('prepares a parameterised statement once per connection, keeps custom plans and leaves parameterless texts alone', async () => {
    const { db } = database().handle;
    // One connection for the whole check: prepared statements live per session.
    await db.connection().execute(async (conn) => {
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ doubled: number }>`select ${n}::int * 2 as doubled`.execute(conn);
        expect(rows).toEqual([{ doubled: n * 2 }]);
      }
      const prepared = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements where statement like ${'%::int * 2 as doubled%'}`.execute(conn);
      expect(prepared.rows).toHaveLength(1);
      // Several commands in one parameterless text still run (the simple protocol, as migrations need).
      await sql`select 1; select 2`.execute(conn);
      const mode = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(conn);
      expect(mode.rows[0]?.plan_cache_mode).toBe('force_custom_plan');
    });
  });

  it('runs statements marked for a generic plan on connections that keep one, without JIT, and everything else with custom plans', async () => {
    const { db } = database().handle;
    type Settings = { mode: string; jit: string };
    const settings = (marked: boolean) =>
      sql<Settings>`${marked ? genericPlan : sql``}select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit, ${1}::int as one`.execute(
        db,
      );
    for (let run = 0; run < 3; run += 1) {
      expect((await settings(true)).rows[0]).toMatchObject({ mode: 'force_generic_plan', jit: 'off' });
      expect((await settings(false)).rows[0]).toMatchObject({ mode: 'force_custom_plan', jit: 'off' });
    }
    // A transaction begins on the custom-plan pool and keeps its connection for a marked statement.
    const inside = await db
      .transaction()
      .execute(
        async (trx) =>
          (
            await sql<Settings>`${genericPlan}select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit, ${1}::int as one`.execute(
              trx,
            )
          ).rows[0],
      );
    expect(inside).toMatchObject({ mode: 'force_custom_plan' });
  });

  it('answers errors of a named statement as before and can run it again afterwards', async () => {
    const { db } = database().handle;
    const failing = (value: string) => sql`select ${value}::int as n`.execute(db);
    await expect(failing('not a number')).rejects.toThrow(/invalid input syntax/);
    await expect(failing('7')).resolves.toMatchObject({ rows: [{ n: 7 }] });
  });
});

serverOnly('the request id in the database (application_name inside transactions)', () => {
  const database = useTestDatabase();

  it('names the transaction after the request in pg_stat_activity, keeps statements prepared, and forgets it at commit', async () => {
    const { db } = database().handle;
    const seen = await withRequestId("req-42'; drop table users; --", () =>
      db.transaction().execute(async (trx) => {
        const own = await sql<{ name: string }>`select current_setting('application_name') as name`.execute(trx);
        const activity = await sql<{
          name: string;
        }>`select application_name as name from pg_stat_activity where pid = pg_backend_pid() and ${1}::int = 1`.execute(trx);
        return { own: own.rows[0]!.name, activity: activity.rows[0]!.name };
      }),
    );
    const expected = `${APPLICATION_NAME_PREFIX}req-42'; drop table users; --`;
    expect(seen).toEqual({ own: expected, activity: expected });
    // Outside the transaction (and with no request) the connection has its own name again.
    await db.connection().execute(async (conn) => {
      const after = await sql<{ name: string }>`select current_setting('application_name') as name`.execute(conn);
      expect(after.rows[0]!.name.startsWith(APPLICATION_NAME_PREFIX)).toBe(false);
    });
    expect(await sql`select 1 as one`.execute(db)).toMatchObject({ rows: [{ one: 1 }] });
  });
});

serverOnly('transactions that keep generic plans (genericPlanTransaction)', () => {
  const database = useTestDatabase();
  const mode = (trx: Transaction<Database>) =>
    sql<{
      mode: string;
      name: string;
    }>`select current_setting('plan_cache_mode') as mode, current_setting('application_name') as name, ${1}::int as one`.execute(trx);

  it('plans each statement once per connection inside, with the request named as before, and custom plans again after commit', async () => {
    const { db } = database().handle;
    const inside = await withRequestId('req-generic', () =>
      genericPlanTransaction(db).execute(async (trx) => {
        const seen = (await mode(trx)).rows[0];
        for (const n of [1, 2, 3]) await sql`select ${n}::int + 40 as generic_answer`.execute(trx);
        const plans = await sql<{ generic_plans: number; custom_plans: number }>`
          select generic_plans::int, custom_plans::int from pg_prepared_statements where statement like ${'%+ 40 as generic_answer%'}`.execute(
          trx,
        );
        return { seen, plans: plans.rows };
      }),
    );
    expect(inside.seen).toEqual({ mode: 'force_generic_plan', name: `${APPLICATION_NAME_PREFIX}req-generic`, one: 1 });
    expect(inside.plans).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
    // A plain transaction, and one begun later from inside the same call, keep custom plans.
    expect((await db.transaction().execute(mode)).rows[0]?.mode).toBe('force_custom_plan');
    const [outer, later] = await genericPlanTransaction(db).execute(async (trx) => [
      (await mode(trx)).rows[0],
      (await db.transaction().execute(mode)).rows[0],
    ]);
    // Outside a request (a job) the setting holds as well.
    expect(outer?.mode).toBe('force_generic_plan');
    expect(later?.mode).toBe('force_custom_plan');
  });

  it('rolls back as any transaction does', async () => {
    const { db } = database().handle;
    await expect(
      genericPlanTransaction(db).execute(async (trx) => {
        await sql`create temporary table generic_rollback (n int)`.execute(trx);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    const left = await sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = ${'generic_rollback'}`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
  });
});
