import type { Harvest } from '@shambasoko/shared';
import type { Kysely } from 'kysely';
import { type CreateHarvestInput, DEFAULT_KG_PER_UNIT, type UpdateHarvestInput } from '@shambasoko/shared/contracts';
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
