import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import { withRequestId } from '../observability/context';
import { APPLICATION_NAME_PREFIX, genericPlan, genericPlanTransaction, unreadWrite } from './database';
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

  it('keeps index plans for tables that were small when the plan was made, and sequential scans again after commit', async () => {
    const { db } = database().handle;
    const { plan, seqscan } = await genericPlanTransaction(db).execute(async (trx) => {
      // As the order's Idempotency-Keys in a new database: a page of keys, so a generic plan made now
      // would read the whole table at every later call, however large it grew.
      await sql`create temporary table generic_keys (user_id uuid, key text, order_id uuid, primary key (user_id, key)) on commit drop`.execute(
        trx,
      );
      await sql`insert into generic_keys (user_id, key) select gen_random_uuid(), 'k' || n from generate_series(1, 20) n`.execute(trx);
      await sql`analyze generic_keys`.execute(trx);
      await sql`prepare generic_key_link (uuid, text) as update generic_keys set order_id = null where user_id = $1 and key = $2`.execute(
        trx,
      );
      const explained = await sql<{
        'QUERY PLAN': string;
      }>`explain execute generic_key_link ('00000000-0000-4000-8000-000000000000', 'k')`.execute(trx);
      await sql`deallocate generic_key_link`.execute(trx);
      const setting = await sql<{ seqscan: string }>`select current_setting('enable_seqscan') as seqscan`.execute(trx);
      return { plan: explained.rows.map((row) => row['QUERY PLAN']).join('\n'), seqscan: setting.rows[0]?.seqscan };
    });
    expect(seqscan).toBe('off');
    expect(plan).toContain('Index Scan using generic_keys_pkey');
    expect(plan).not.toContain('Seq Scan');
    const after = await sql<{ seqscan: string }>`select current_setting('enable_seqscan') as seqscan`.execute(db);
    expect(after.rows[0]?.seqscan).toBe('on');
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

serverOnly("pipelined clients: a transaction's begin with its first statement, an unread write with what follows", () => {
  const database = useTestDatabase();

  type Wire = { query(text: string): unknown; bind(config: unknown): unknown; emit(event: string, ...args: unknown[]): boolean };
  /** Each connection's writes (a simple query's first command, or a statement's bind) and answers (ReadyForQuery), in order. */
  async function watchingTheWire<T>(work: () => Promise<T>): Promise<{ result: T; wires: string[][] }> {
    const prototype = (pg as unknown as { Connection: { prototype: Wire } }).Connection.prototype;
    const { query, bind, emit } = prototype;
    const ownEmit = Object.prototype.hasOwnProperty.call(prototype, 'emit');
    const wires = new Map<object, string[]>();
    const note = (connection: object, entry: string) => wires.set(connection, [...(wires.get(connection) ?? []), entry]);
    prototype.query = function (this: object, text: string) {
      note(this, `write ${text.split(';')[0]}`);
      return query.call(this, text);
    };
    prototype.bind = function (this: object, config: unknown) {
      note(this, 'write statement');
      return bind.call(this, config);
    };
    prototype.emit = function (this: object, event: string, ...args: unknown[]) {
      if (event === 'readyForQuery') note(this, 'answered');
      return emit.call(this, event, ...args);
    };
    try {
      return { result: await work(), wires: [...wires.values()] };
    } finally {
      Object.assign(prototype, { query, bind });
      if (ownEmit) prototype.emit = emit;
      else delete (prototype as Partial<Wire>).emit;
    }
  }

  it('writes the first statement before the begin is answered, and both run in one transaction', async () => {
    const { db } = database().handle;
    const xid = (trx: Transaction<Database>) =>
      sql<{ xid: string }>`select pg_current_xact_id()::text as xid, ${1}::int as one`.execute(trx);
    const { result, wires } = await watchingTheWire(() =>
      db.transaction().execute(async (trx) => [(await xid(trx)).rows[0]!.xid, (await xid(trx)).rows[0]!.xid]),
    );
    // One transaction: both statements saw the same transaction id (each would have its own outside one).
    expect(result[0]).toBe(result[1]);
    const wire = wires.find((w) => w.includes('write begin'))!;
    const fromBegin = wire.slice(wire.indexOf('write begin'));
    // The statement is written before any answer comes back (a new connection's LISTEN may be answered
    // in between later on); without pipelining the begin's answer came first.
    expect(fromBegin.slice(0, fromBegin.indexOf('answered'))).toEqual(['write begin', 'write statement']);
    expect(fromBegin.filter((entry) => entry.startsWith('write'))).toEqual([
      'write begin',
      'write statement',
      'write statement',
      'write commit',
    ]);
  });

  it('answers a failing first statement with its own error, rolls back, and the connection goes on', async () => {
    const { db } = database().handle;
    await sql`create table if not exists pipelined_rollback (n int)`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into pipelined_rollback (n) values (${1} / ${0}::int)`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into pipelined_rollback (n) values (${2})`.execute(trx);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    const rows = await sql<{ n: number }>`select count(*)::int as n from pipelined_rollback`.execute(db);
    expect(rows.rows[0]?.n).toBe(0);
    await sql`drop table pipelined_rollback`.execute(db);
  });

  it('writes an unread write and the commit behind it before either is answered, and keeps the write', async () => {
    const { db } = database().handle;
    await sql`create table if not exists pipelined_unread (n int check (n > 0))`.execute(db);
    const { wires } = await watchingTheWire(() =>
      db.transaction().execute(async (trx) => {
        await sql`select ${1}::int as one`.execute(trx);
        await sql`insert into pipelined_unread (n) values (${5})${unreadWrite}`.execute(trx);
      }),
    );
    const wire = wires.find((w) => w.includes('write commit'))!;
    const lastStatement = wire.lastIndexOf('write statement');
    expect(wire.slice(lastStatement, lastStatement + 3)).toEqual(['write statement', 'write commit', 'answered']);
    const rows = await sql<{ n: number }>`select n from pipelined_unread`.execute(db);
    expect(rows.rows).toEqual([{ n: 5 }]);
    await sql`drop table pipelined_unread`.execute(db);
  });

  it("fails the transaction with a failed unread write's own error, at the commit or at the statement behind it, and keeps nothing", async () => {
    const { db } = database().handle;
    await sql`create table if not exists pipelined_unread_failing (n int check (n > 0))`.execute(db);
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from pipelined_unread_failing`.execute(db)).rows[0]?.n;
    // Last in the transaction: the commit, answered ROLLBACK, throws the write's error.
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into pipelined_unread_failing (n) values (${1})`.execute(trx);
        await sql`insert into pipelined_unread_failing (n) values (${-1})${unreadWrite}`.execute(trx);
      }),
    ).rejects.toThrow(/violates check constraint/);
    // A statement behind it throws the write's error, not "current transaction is aborted".
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into pipelined_unread_failing (n) values (${-2})${unreadWrite}`.execute(trx);
        await sql`insert into pipelined_unread_failing (n) values (${2})`.execute(trx);
      }),
    ).rejects.toThrow(/violates check constraint/);
    expect(await count()).toBe(0);
    // Outside a transaction it is a statement as any other: its error is its own answer.
    await expect(sql`insert into pipelined_unread_failing (n) values (${-3})${unreadWrite}`.execute(db)).rejects.toThrow(
      /violates check constraint/,
    );
    await sql`insert into pipelined_unread_failing (n) values (${3})${unreadWrite}`.execute(db);
    expect(await count()).toBe(1);
    await sql`drop table pipelined_unread_failing`.execute(db);
  });
});
