import type { Harvest } from '@shambasoko/contracts';
import { type Kysely, sql } from 'kysely';
import { type CreateHarvestInput, DEFAULT_KG_PER_UNIT, type HarvestDestination, type UpdateHarvestInput } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { dateText } from '../common/sql';
import { updateRow } from '../common/repository';

type Db = Kysely<Database>;

function selectHarvests(db: Db) {
  return db
    .selectFrom('harvests as h')
    .select([
      'h.id',
      'h.farm_id as farmId',
      'h.crop_id as cropId',
      dateText('h.harvest_date').as('date'),
      'h.quantity',
      'h.unit',
      'h.kg_per_unit as kgPerUnit',
      'h.grade',
      'h.destination',
      'h.notes',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectHarvests>['executeTakeFirstOrThrow']>>;

const toHarvest = (row: Row): Harvest => ({ ...row, kg: Math.round(row.quantity * row.kgPerUnit * 1000) / 1000 }) as Harvest;

export async function harvestsOfCrop(db: Db, cropId: string): Promise<Harvest[]> {
  const rows = await selectHarvests(db).where('h.crop_id', '=', cropId).orderBy('h.harvest_date').orderBy('h.created_at').execute();
  return rows.map(toHarvest);
}

export async function getHarvest(db: Db, harvestId: string): Promise<Harvest | undefined> {
  const row = await selectHarvests(db).where('h.id', '=', harvestId).executeTakeFirst();
  return row && toHarvest(row);
}

export async function harvestRef(db: Db, harvestId: string) {
  return db.selectFrom('harvests').select(['unit', 'kg_per_unit']).where('id', '=', harvestId).executeTakeFirst();
}

export async function insertHarvest(db: Db, userId: string, farmId: string, cropId: string, input: CreateHarvestInput): Promise<string> {
  const row = await db
    .insertInto('harvests')
    .values({
      farm_id: farmId,
      crop_id: cropId,
      harvest_date: input.date,
      quantity: input.quantity,
      unit: input.unit,
      kg_per_unit: input.kgPerUnit ?? DEFAULT_KG_PER_UNIT[input.unit]!,
      grade: input.grade ?? '',
      destination: input.destination,
      notes: input.notes ?? '',
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateHarvest(db: Db, harvestId: string, input: UpdateHarvestInput & { kgPerUnit?: number }): Promise<void> {
  const { date, ...columns } = input;
  await updateRow(db, 'harvests', harvestId, { ...columns, harvestDate: date });
}

export async function plantedArea(db: Db, cropId: string) {
  return db.selectFrom('crops').select(['area', 'yield_per_hectare']).where('id', '=', cropId).executeTakeFirst();
}

/** A farm's crops (of one season, or all) with their harvests in kg. */
export async function cropsWithHarvests(db: Db, farmId: string, seasonId: string | undefined) {
  let query = db
    .selectFrom('crops as c')
    .innerJoin('fields as f', 'f.id', 'c.field_id')
    .innerJoin('seasons as s', 's.id', 'c.season_id')
    .select([
      'c.id',
      'c.name',
      'c.area',
      'c.yield_per_hectare as yieldPerHectare',
      'c.field_id as fieldId',
      'f.name as fieldName',
      'c.season_id as seasonId',
      's.name as seasonName',
    ])
    .where('c.farm_id', '=', farmId);
  if (seasonId) query = query.where('c.season_id', '=', seasonId);
  const crops = await query.orderBy('s.start_date').orderBy('f.name').orderBy('c.name').execute();
  const harvests =
    crops.length === 0
      ? []
      : await db
          .selectFrom('harvests')
          .select(['crop_id as cropId', 'destination', sql<number>`(quantity * kg_per_unit)::float8`.as('kg')])
          .where(
            'crop_id',
            'in',
            crops.map((c) => c.id),
          )
          .execute();
  return crops.map((c) => ({
    ...c,
    harvests: harvests.filter((h) => h.cropId === c.id).map((h) => ({ kg: h.kg, destination: h.destination as HarvestDestination })),
  }));
}
