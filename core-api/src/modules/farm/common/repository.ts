import type { FarmRole } from '@shambasoko/contracts';
import { type Kysely, type UpdateObject, sql } from 'kysely';
import { type CamelDatabase, camel } from '../../../db/camel';
import { anyDiffers } from '../../../db/changes';
import type { Database } from '../../../db/schema';
import { dateText } from './sql';

// SQL every farm resource shares: the caller's role, a child row's farm, references between rows,
// and the generic update and delete of a row by id.

type Db = Kysely<Database>;

// ---------------------------------------------------------------------------------------------
// Membership

export async function findRole(db: Db, userId: string, farmId: string): Promise<FarmRole | undefined> {
  const row = await db
    .selectFrom('farm_members')
    .select('role')
    .where('farm_id', '=', farmId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.role as FarmRole | undefined;
}

export type FarmChildTable = 'fields' | 'seasons' | 'crops' | 'activities' | 'costs' | 'farm_members' | 'harvests' | 'crop_income';

/** The caller's active role on the farm in `farmIdColumn` (a subquery beside a row; null: none). */
export const roleOn = (farmIdColumn: string, userId: string) =>
  sql<
    string | null
  >`(select m.role from farm_members m where m.farm_id = ${sql.ref(farmIdColumn)} and m.user_id = ${userId} and m.status = 'active')`;

/**
 * The farm a child row belongs to and the caller's active role there (null: none), or undefined when
 * the row does not exist: one statement.
 */
export async function farmAndRoleOf(
  db: Db,
  table: FarmChildTable,
  id: string,
  userId: string,
): Promise<{ farmId: string; role: string | null } | undefined> {
  const row = await db
    .selectFrom(table)
    .select(['farm_id', roleOn(`${table}.farm_id`, userId).as('role')])
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : { farmId: row.farm_id, role: row.role };
}

// ---------------------------------------------------------------------------------------------
// References inside a farm (used to refuse a field, season or crop of another farm)

export async function fieldRef(db: Db, fieldId: string) {
  return db.selectFrom('fields').select(['id', 'farm_id']).where('id', '=', fieldId).executeTakeFirst();
}

export async function seasonRef(db: Db, seasonId: string) {
  return db
    .selectFrom('seasons')
    .select(['id', 'farm_id', 'field_id', dateText('start_date').as('startDate'), dateText('end_date').as('endDate')])
    .where('id', '=', seasonId)
    .executeTakeFirst();
}

export async function cropRef(db: Db, cropId: string) {
  return db
    .selectFrom('crops')
    .select([
      'id',
      'farm_id',
      'field_id',
      'season_id',
      dateText('planted_date').as('plantedDate'),
      dateText('expected_harvest').as('expectedHarvest'),
    ])
    .where('id', '=', cropId)
    .executeTakeFirst();
}

type EditableTable = 'farms' | 'fields' | 'seasons' | 'crops' | 'activities' | 'farm_members' | 'costs' | 'harvests' | 'crop_income';

/**
 * Sets camelCase `values` on their snake_case columns (`plantedDate` → planted_date): every key must
 * be a column, as the keys of a zod-parsed body are. A PATCH that names no column changes nothing
 * (an empty SET would be invalid SQL), and neither does one whose values the row already holds (a
 * form saved unchanged, an offline write sent again): the row is not written, so its `updated_at`
 * stays, and the members' kept lists are not dropped (migration 062's triggers see no row).
 */
export async function updateRow<T extends EditableTable>(
  db: Db,
  table: T,
  id: string,
  values: UpdateObject<CamelDatabase, T>,
): Promise<void> {
  if (Object.values(values).every((value) => value === undefined)) return;
  await camel(db)
    .updateTable(table as EditableTable)
    .set(values as UpdateObject<CamelDatabase, EditableTable>)
    .where('id', '=', id)
    .where((eb) => anyDiffers(eb, values))
    .execute();
}

/**
 * A write's camelCase values on their snake_case columns (`plantedDate` → planted_date), undefined
 * ones left out: for an update through `db` that answers hand-written columns (`returning`), where
 * camel() would rename those too.
 */
export function snakeColumns(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) out[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
  }
  return out;
}

export type DeletableTable =
  'farms' | 'fields' | 'seasons' | 'crops' | 'activities' | 'farm_members' | 'costs' | 'harvests' | 'crop_income';

/** Rows under it go too where the schema says on delete cascade. */
export async function deleteRow(db: Db, table: DeletableTable, id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}
