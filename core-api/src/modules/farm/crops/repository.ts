import type { Crop, CropStatus } from '@shambasoko/shared';
import type { Kysely } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type CreateCropInput, CROP_STATUSES, type CropSortKey, type UpdateCropInput } from '@shambasoko/shared/contracts';
import { type ListOptions, type Page, type SortTable, likePattern, listPage, statusesMatching } from '../common/list';
import { type Access, JOINED, genericFor, listAccess, visibleTo } from '../common/list-access';
import { updateRow } from '../common/repository';
import { dateText, nameOf, userNameOf } from '../common/sql';

type Db = Kysely<Database>;

const CROP_SORTS = {
  keys: {
    name: 'c.name',
    area: 'c.area',
    plantedDate: 'c.planted_date',
    expectedHarvest: 'c.expected_harvest',
    status: 'c.status',
    farmName: '"farmName"',
    createdAt: 'c.created_at',
  } satisfies Record<CropSortKey, string>,
  fallback: '-createdAt',
  tieBreaker: 'c.id',
} satisfies SortTable;

export interface CropFilters {
  farmId?: string | undefined;
  fieldId?: string | undefined;
  seasonId?: string | undefined;
  cropId?: string | undefined;
  userId?: string | undefined;
  status?: CropStatus | undefined;
}

/** The rows a caller may see, before joins: filters and counts need nothing else. */
function cropQuery(db: Db, userId: string, access: Access = JOINED) {
  return db
    .selectFrom('crops as c')
    .where(visibleTo(db, userId, 'c.farm_id', access));
}

function selectCropColumns(qb: ReturnType<typeof cropQuery>) {
  return qb
    .select([
      'c.id',
      'c.farm_id as farmId',
      nameOf('farms', 'c.farm_id').as('farmName'),
      'c.field_id as fieldId',
      nameOf('fields', 'c.field_id').as('fieldName'),
      'c.season_id as seasonId',
      nameOf('seasons', 'c.season_id').as('seasonName'),
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
  let base = cropQuery(db, userId, access);
  if (filters.fieldId) base = base.where('c.field_id', '=', filters.fieldId);
  if (filters.seasonId) base = base.where('c.season_id', '=', filters.seasonId);
  if (filters.cropId) base = base.where('c.id', '=', filters.cropId);
  if (filters.userId) base = base.where('c.created_by', '=', filters.userId);
  if (filters.status) base = base.where('c.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    const statuses = statusesMatching(CROP_STATUSES, options.search);
    base = base.where((eb) => eb.or([eb('c.name', 'ilike', p), ...(statuses.length > 0 ? [eb('c.status', 'in', statuses)] : [])]));
  }
  return listPage(db, base, selectCropColumns, CROP_SORTS, toCrop, options, { userId, farmId: filters.farmId }, genericFor(access, options));
}

export async function getCrop(db: Db, userId: string, cropId: string): Promise<Crop | undefined> {
  const row = await selectCropColumns(cropQuery(db, userId)).where('c.id', '=', cropId).executeTakeFirst();
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
