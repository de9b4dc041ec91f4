import type { Season, SeasonStatus } from '@shambasoko/shared';
import type { Kysely } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type ListOptions, type Page, type SortTable, likePattern, listPage } from '../common/list';
import { type Access, JOINED, genericFor, listAccess, visibleTo } from '../common/list-access';
import { updateRow } from '../common/repository';
import { dateText, nameOf, optionalNameOf } from '../common/sql';
import type { CreateSeasonInput, SeasonSortKey, UpdateSeasonInput } from '@shambasoko/shared/contracts';

type Db = Kysely<Database>;

const SEASON_SORTS = {
  keys: {
    name: 's.name',
    cropType: 's.crop_type',
    startDate: 's.start_date',
    endDate: 's.end_date',
    status: 's.status',
    farmName: '"farmName"',
    createdAt: 's.created_at',
  } satisfies Record<SeasonSortKey, string>,
  fallback: '-startDate',
  tieBreaker: 's.id',
} satisfies SortTable;

export interface SeasonFilters {
  farmId?: string | undefined;
  fieldId?: string | undefined;
  status?: SeasonStatus | undefined;
}

/** The rows a caller may see, before joins: filters and counts need nothing else. */
function seasonQuery(db: Db, userId: string, access: Access = JOINED) {
  return db
    .selectFrom('seasons as s')
    .where(visibleTo(db, userId, 's.farm_id', access));
}

function selectSeasonColumns(qb: ReturnType<typeof seasonQuery>) {
  return qb
    .select([
      's.id',
      's.farm_id as farmId',
      nameOf('farms', 's.farm_id').as('farmName'),
      's.field_id as fieldId',
      optionalNameOf('fields', 's.field_id').as('fieldName'),
      's.name',
      's.crop_type as cropType',
      dateText('s.start_date').as('startDate'),
      dateText('s.end_date').as('endDate'),
      's.status',
    ]);
}

type SeasonRow = Awaited<ReturnType<ReturnType<typeof selectSeasonColumns>['executeTakeFirstOrThrow']>>;

function toSeason(row: SeasonRow): Season {
  return { ...row, status: row.status as SeasonStatus };
}

export async function listSeasons(db: Db, userId: string, filters: SeasonFilters, options: ListOptions): Promise<Page<Season> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  let base = seasonQuery(db, userId, access);
  if (filters.fieldId) base = base.where('s.field_id', '=', filters.fieldId);
  if (filters.status) base = base.where('s.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    base = base.where((eb) => eb.or([eb('s.name', 'ilike', p), eb('s.crop_type', 'ilike', p)]));
  }
  return listPage(db, base, selectSeasonColumns, SEASON_SORTS, toSeason, options, { userId, farmId: filters.farmId }, genericFor(access, options));
}

export async function getSeason(db: Db, userId: string, seasonId: string): Promise<Season | undefined> {
  const row = await selectSeasonColumns(seasonQuery(db, userId)).where('s.id', '=', seasonId).executeTakeFirst();
  return row && toSeason(row);
}

export async function insertSeason(db: Db, input: CreateSeasonInput): Promise<string> {
  const row = await camel(db)
    .insertInto('seasons')
    .values({ ...input, fieldId: input.fieldId ?? null, status: input.status ?? 'upcoming' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSeason(db: Db, seasonId: string, input: UpdateSeasonInput): Promise<void> {
  await updateRow(db, 'seasons', seasonId, input);
}
