import { type Kysely, sql } from 'kysely';

// Money in KES moves from int4 to int8: an order of a few high-value lines passed 2^31 and failed
// with "integer out of range". The API caps one amount at KES 10 billion; the columns no longer cap
// sums. Sizes get the API's upper bounds as CHECKs so no path can store 1e308 ha again (two such
// farms made every sum on the dashboard overflow); the few impossible rows stored before this are
// cut to the bound first, or the constraint (and every later update of those rows) would fail.

const MONEY_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['orders', 'subtotal'],
  ['orders', 'discount'],
  ['orders', 'delivery_fee'],
  ['orders', 'total'],
  ['order_items', 'unit_price'],
  ['costs', 'amount'],
  ['budgets', 'planned'],
];

const BOUNDS: ReadonlyArray<readonly [table: string, column: string, max: number]> = [
  ['farms', 'total_size', 1_000_000],
  // Fields carry their own unit: a million hectares in square meters.
  ['fields', 'size', 10_000_000_000],
  ['crops', 'area', 1_000_000],
  ['crops', 'yield_per_hectare', 1_000],
  ['costs', 'amount', 10_000_000_000],
  ['budgets', 'planned', 10_000_000_000],
];

/** The two check views of migration 008 read costs.amount and budgets.planned: they are recreated as they were. */
async function retypeMoney(db: Kysely<unknown>, type: 'bigint' | 'integer'): Promise<void> {
  const alters = MONEY_COLUMNS.map(([table, column]) => `alter table ${table} alter column ${column} type ${type};`).join('\n');
  await sql
    .raw(
      `do $$
      declare
        farm_view text := pg_get_viewdef('farm_stats_expected'::regclass);
        user_view text := pg_get_viewdef('user_farm_stats_expected'::regclass);
      begin
        drop view user_farm_stats_expected;
        drop view farm_stats_expected;
        ${alters}
        execute 'create view farm_stats_expected as ' || farm_view;
        execute 'create view user_farm_stats_expected as ' || user_view;
      end
      $$`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await retypeMoney(db, 'bigint');
  for (const [table, column, max] of BOUNDS) {
    // NaN and Infinity compare above every number in PostgreSQL, so they are cut too.
    await sql.raw(`update ${table} set ${column} = ${max} where ${column} > ${max}`).execute(db);
    await sql.raw(`alter table ${table} add constraint ${table}_${column}_max check (${column} <= ${max})`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of BOUNDS) await sql.raw(`alter table ${table} drop constraint ${table}_${column}_max`).execute(db);
  await retypeMoney(db, 'integer');
}
