import type { Crop, CropStatus } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type CreateCropInput, CROP_STATUSES, type CropSortKey, type UpdateCropInput, type cropsQuery } from '@shambasoko/contracts';
import { type ListOptions, type Page, type SortTable, likePattern, listPage, sortTable, statusesMatching } from '../common/list';
import { genericFor, listAccess } from '../common/list-access';
import { type FilterColumns, type FiltersOf, type ScopedRows, scopedRows, whereFilters, scopedRowById } from '../common/scoped-rows';
import { updateRow } from '../common/repository';
import { dateText, idAndName, userNameOf } from '../common/sql';

type Db = Kysely<Database>;

const CROP_SORTS = sortTable(
  'c',
  ['name', 'area', 'plantedDate', 'expectedHarvest', 'status', 'createdAt'],
  { farmName: '"farmName"' },
  { fallback: '-createdAt' },
) satisfies SortTable<CropSortKey>;

export type CropFilters = FiltersOf<typeof cropsQuery>;
const CROP_FILTERS = {
  fieldId: 'c.field_id',
  seasonId: 'c.season_id',
  cropId: 'c.id',
  userId: 'c.created_by',
  status: 'c.status',
} satisfies FilterColumns<CropFilters>;

function selectCropColumns(qb: ScopedRows<'crops', 'c'>) {
  return qb.select([
    'c.id',
    ...idAndName('c', 'farm'),
    ...idAndName('c', 'field'),
    ...idAndName('c', 'season'),
    'c.name',
    'c.area',
    dateText('c.planted_date').as('plantedDate'),
    dateText('c.expected_harvest').as('expectedHarvest'),
    'c.yield_per_hectare as yieldPerHectare',
    'c.status',
    'c.created_by as createdById',
    userNameOf('c.created_by').as('createdByName'),
  ]);
}

type CropRow = Awaited<ReturnType<ReturnType<typeof selectCropColumns>['executeTakeFirstOrThrow']>>;

function toCrop({ createdById, createdByName, ...row }: CropRow): Crop {
  return {
    ...row,
    area: Number(row.area),
    yieldPerHectare: row.yieldPerHectare === null ? null : Number(row.yieldPerHectare),
    status: row.status as CropStatus,
    // The spec's 'Unknown' rule: a planting whose author left still shows a name.
    createdBy: { id: createdById ?? '', name: createdByName ?? 'Unknown' },
  };
}

export async function listCrops(db: Db, userId: string, filters: CropFilters, options: ListOptions): Promise<Page<Crop> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  let base = whereFilters(scopedRows(db, 'crops', 'c', userId, access), filters, CROP_FILTERS);
  if (options.search) {
    const p = likePattern(options.search);
    const statuses = statusesMatching(CROP_STATUSES, options.search);
    base = base.where((eb) => eb.or([eb('c.name', 'ilike', p), ...(statuses.length > 0 ? [eb('c.status', 'in', statuses)] : [])]));
  }
  return listPage(
    db,
    base,
    selectCropColumns,
    CROP_SORTS,
    toCrop,
    options,
    { userId, farmId: filters.farmId },
    genericFor(access, options),
  );
}

export async function getCrop(db: Db, userId: string, cropId: string): Promise<Crop | undefined> {
  const row = await selectCropColumns(scopedRowById(db, 'crops', 'c', userId))
    .where('c.id', '=', cropId)
    .executeTakeFirst();
  return row && toCrop(row);
}

export async function insertCrop(db: Db, userId: string, input: CreateCropInput): Promise<string> {
  const row = await camel(db)
    .insertInto('crops')
    .values({ ...input, yieldPerHectare: input.yieldPerHectare ?? null, status: input.status ?? 'planned', createdBy: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCrop(db: Db, cropId: string, input: UpdateCropInput): Promise<void> {
  await updateRow(db, 'crops', cropId, input);
}
