import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

// The rows a farm's profit is worked out from; service.ts does the sums.

export async function farmName(db: Db, farmId: string): Promise<string | undefined> {
  return (await db.selectFrom('farms').select('name').where('id', '=', farmId).executeTakeFirst())?.name;
}

export async function cropsOf(db: Db, farmId: string, seasonIds: readonly string[] | undefined) {
  let query = db
    .selectFrom('crops as c')
    .innerJoin('fields as f', 'f.id', 'c.field_id')
    .innerJoin('seasons as s', 's.id', 'c.season_id')
    .select([
      'c.id',
      'c.name',
      'c.field_id as fieldId',
      'f.name as fieldName',
      'c.season_id as seasonId',
      's.name as seasonName',
      'c.area',
      'c.yield_per_hectare as yieldPerHectare',
    ])
    .where('c.farm_id', '=', farmId);
  if (seasonIds) query = query.where('c.season_id', 'in', seasonIds.length > 0 ? [...seasonIds] : ['00000000-0000-0000-0000-000000000000']);
  return query.orderBy('s.start_date').orderBy('f.name').orderBy('c.name').execute();
}

export async function fieldsOf(db: Db, farmId: string) {
  return db.selectFrom('fields').select(['id', 'name', 'size', 'unit']).where('farm_id', '=', farmId).orderBy('name').execute();
}

export async function seasonsOf(db: Db, farmId: string) {
  return db
    .selectFrom('seasons')
    .select(['id', 'name', 'field_id as fieldId', sql<string>`start_date::text`.as('startDate'), sql<string>`end_date::text`.as('endDate')])
    .where('farm_id', '=', farmId)
    .orderBy('start_date')
    .execute();
}

export async function costsOf(db: Db, farmId: string) {
  return db
    .selectFrom('costs')
    .select(['id', 'amount', 'field_id as fieldId', 'season_id as seasonId', 'crop_id as cropId', sql<string>`cost_date::text`.as('date')])
    .where('farm_id', '=', farmId)
    .execute();
}

export async function harvestedKg(db: Db, cropIds: readonly string[]) {
  if (cropIds.length === 0) return [];
  return db
    .selectFrom('harvests')
    .select(['crop_id as cropId', 'destination', sql<number>`sum(quantity * kg_per_unit)::float8`.as('kg')])
    .where('crop_id', 'in', [...cropIds])
    .groupBy(['crop_id', 'destination'])
    .execute();
}

export async function manualIncome(db: Db, cropIds: readonly string[]) {
  if (cropIds.length === 0) return [];
  return db
    .selectFrom('crop_income')
    .select(['crop_id as cropId', sql<string>`sum(total)`.as('total')])
    .where('crop_id', 'in', [...cropIds])
    .groupBy('crop_id')
    .execute();
}
