import type { Season, SeasonStatus } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type ListOptions, type Page, type SortTable, likePattern, listPage, sortTable } from '../common/list';
import { genericFor, listAccess } from '../common/list-access';
import { type FilterColumns, type FiltersOf, type ScopedRows, scopedRows, whereFilters, scopedRowById } from '../common/scoped-rows';
import { updateRow } from '../common/repository';
import { dateText, idAndName, optionalIdAndName } from '../common/sql';
import { type CreateSeasonInput, type SeasonSortKey, type UpdateSeasonInput, type seasonsQuery } from '@shambasoko/contracts';

type Db = Kysely<Database>;

const SEASON_SORTS = sortTable(
  's',
  ['name', 'cropType', 'startDate', 'endDate', 'status', 'createdAt'],
  { farmName: '"farmName"' },
  { fallback: '-startDate' },
) satisfies SortTable<SeasonSortKey>;

export type SeasonFilters = FiltersOf<typeof seasonsQuery>;
const SEASON_FILTERS = { fieldId: 's.field_id', status: 's.status' } satisfies FilterColumns<SeasonFilters>;

function selectSeasonColumns(qb: ScopedRows<'seasons', 's'>) {
  return qb.select([
    's.id',
    ...idAndName('s', 'farm'),
    ...optionalIdAndName('s', 'field'),
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
  let base = whereFilters(scopedRows(db, 'seasons', 's', userId, access), filters, SEASON_FILTERS);
  if (options.search) {
    const p = likePattern(options.search);
    base = base.where((eb) => eb.or([eb('s.name', 'ilike', p), eb('s.crop_type', 'ilike', p)]));
  }
  return listPage(
    db,
    base,
    selectSeasonColumns,
    SEASON_SORTS,
    toSeason,
    options,
    { userId, farmId: filters.farmId },
    genericFor(access, options),
  );
}

export async function getSeason(db: Db, userId: string, seasonId: string): Promise<Season | undefined> {
  const row = await selectSeasonColumns(scopedRowById(db, 'seasons', 's', userId))
    .where('s.id', '=', seasonId)
    .executeTakeFirst();
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
