import {
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  BUDGET_CATEGORIES,
  CROP_STATUSES,
  FARM_ROLES,
  FARM_STATUSES,
  FARM_USER_STATUSES,
  FIELD_STATUSES,
  FIELD_UNITS,
  KENYA_COUNTIES,
  SEASON_STATUSES,
} from '@shambasoko/contracts';
import { sql } from 'kysely';
import { migrateToLatest } from '../../db/migrate';
import { type TestDatabase, openTestDatabase } from '../../testing/test-database';

// The migrations' CHECK constraints and the contract's enums must list the same values: a value only
// the contract knows passes validation and then fails the insert with a 500; a value only the
// database knows is never offered. Read from the migrated database, not from the migration files,
// so later ALTERs count too.

/** Every farm column whose CHECK is a list of values, and the contract enum that must equal it. */
const EXPECTED: Record<string, readonly string[]> = {
  'farms.status': FARM_STATUSES,
  'farms.county': KENYA_COUNTIES,
  'fields.unit': FIELD_UNITS,
  'fields.status': FIELD_STATUSES,
  'seasons.status': SEASON_STATUSES,
  'crops.status': CROP_STATUSES,
  'farm_members.role': FARM_ROLES,
  'farm_members.status': FARM_USER_STATUSES,
  'activities.name': ACTIVITY_TYPES,
  'activities.status': ACTIVITY_STATUSES,
  'costs.activity_type': ACTIVITY_TYPES,
  'costs.category': BUDGET_CATEGORIES,
  'budgets.category': BUDGET_CATEGORIES,
};
const FARM_TABLES = ['farms', 'fields', 'seasons', 'crops', 'farm_members', 'activities', 'costs', 'budgets'];

/** `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))` → ['status', ['a', 'b']]; other checks → undefined. */
function allowedValues(definition: string): [string, string[]] | undefined {
  const match = /\(\(?"?(\w+)"? = ANY \(\(?ARRAY\[(.*)\]/.exec(definition);
  if (!match) return undefined;
  const values = [...match[2]!.matchAll(/'((?:[^']|'')*)'::text/g)].map((value) => value[1]!.replaceAll("''", "'"));
  return [match[1]!, values];
}

describe('farm CHECK constraints', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database.handle.db);
  }, 60_000);
  afterAll(async () => {
    await database.dispose();
  });

  it('reads a CHECK definition as PostgreSQL prints it', () => {
    expect(allowedValues("CHECK ((status = ANY (ARRAY['active'::text, 'inactive'::text])))")).toEqual(['status', ['active', 'inactive']]);
    expect(allowedValues("CHECK ((category = ANY (ARRAY['Seeds & Planting'::text, 'O''Brien'::text])))")).toEqual([
      'category',
      ['Seeds & Planting', "O'Brien"],
    ]);
    expect(allowedValues('CHECK ((length(TRIM(BOTH FROM name)) > 0))')).toBeUndefined();
  });

  it("lists exactly the contract's values for every enumerated farm column", async () => {
    const { rows } = await sql<{ table: string; definition: string }>`
      select conrelid::regclass::text as "table", pg_get_constraintdef(oid) as definition
      from pg_constraint
      where contype = 'c' and conrelid::regclass::text in (${sql.join(FARM_TABLES)})
    `.execute(database.handle.db);
    const found: Record<string, string[]> = {};
    for (const row of rows) {
      const parsed = allowedValues(row.definition);
      if (parsed) found[`${row.table}.${parsed[0]}`] = [...parsed[1]].sort();
    }
    const expected = Object.fromEntries(Object.entries(EXPECTED).map(([column, values]) => [column, [...values].sort()]));
    expect(found).toEqual(expected);
  });
});
