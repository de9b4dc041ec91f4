import type { Farm, FarmRole, FarmStatus } from '@shambasoko/contracts';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type ListOptions, type Page, type SortTable, likePattern, listPage, sortTable } from '../common/list';
import { type Access, JOINED, genericFor, listAccess, visibleTo } from '../common/list-access';
import { updateRow } from '../common/repository';
import { type CreateFarmInput, type FarmSortKey, countyIn } from '@shambasoko/contracts';

// Farms: the caller's farms and their writes.

type Db = Kysely<Database>;

const FARM_SORTS = sortTable(
  'f',
  ['name', 'location', 'totalSize', 'established', 'status', 'createdAt'],
  { owner: 'f.owner_name', fieldsCount: '"fieldsCount"' },
  { fallback: 'name' },
) satisfies SortTable<FarmSortKey>;

export async function findUser(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'full_name', 'email', 'msisdn']).where('id', '=', id).executeTakeFirst();
}

export interface FarmListFilters {
  status?: FarmStatus | undefined;
}

function farmSelection(db: Db, userId: string, access: Access = JOINED) {
  return db.selectFrom('farms as f').where(visibleTo(db, userId, 'f.id', access));
}

function selectFarmColumns(userId: string) {
  return (qb: ReturnType<typeof farmSelection>) =>
    qb.select((eb) => [
      'f.id',
      'f.name',
      'f.location',
      'f.county',
      'f.total_size as totalSize',
      // The counter migration 008's triggers keep (its row is gone when the farm has no fields), instead
      // of counting the farm's fields for every listed farm.
      eb
        .selectFrom('farm_stats as fs')
        .select('fs.n')
        .whereRef('fs.farm_id', '=', 'f.id')
        .where('fs.key', '=', 'fields')
        .where('fs.label', '=', '')
        .as('fieldsCount'),
      'f.owner_name as owner',
      'f.established',
      'f.status',
      'f.description',
      'f.icon',
      // The caller's role, looked up for the rows shown (not a join, whose best order would depend on
      // how many farms the caller has).
      sql<string>`(select role from farm_members where farm_id = f.id and user_id = ${userId} and status = 'active')`.as('myRole'),
      'f.created_at as createdAt',
    ]);
}

type FarmRow = Awaited<ReturnType<ReturnType<ReturnType<typeof selectFarmColumns>>['executeTakeFirstOrThrow']>>;

function toFarm(row: FarmRow): Farm {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    county: row.county,
    totalSize: Number(row.totalSize),
    fieldsCount: Number(row.fieldsCount ?? 0),
    owner: row.owner,
    established: row.established,
    status: row.status as FarmStatus,
    description: row.description,
    icon: row.icon,
    myRole: row.myRole as FarmRole,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listFarms(db: Db, userId: string, filters: FarmListFilters, options: ListOptions): Promise<Page<Farm>> {
  const access = await listAccess(db, userId, undefined, options.search);
  let base = farmSelection(db, userId, access);
  if (filters.status) base = base.where('f.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    // search_text (migrations 010, 024) is name, location, owner and county lowercased and joined by newlines: one
    // LIKE instead of three ILIKEs per farm. A search holding a newline could match across two parts
    // there, so it keeps the three ILIKEs.
    base = options.search.includes('\n')
      ? base.where((eb) =>
          eb.or([eb('f.name', 'ilike', p), eb('f.location', 'ilike', p), eb('f.owner_name', 'ilike', p), eb('f.county', 'ilike', p)]),
        )
      : base.where(sql<SqlBool>`f.search_text like lower(${p})`);
  }
  // Unfiltered, the total is the caller's farm count the triggers of migration 008 keep: exact, and
  // one row read instead of counting up to the cap through the membership.
  const exactTotal =
    filters.status === undefined && !options.search
      ? sql<number>`(select coalesce(sum(n), 0) from user_farm_stats where user_id = ${userId} and key = 'farm' and label = '')`
      : undefined;
  const page = await listPage(
    db,
    base,
    selectFarmColumns(userId),
    FARM_SORTS,
    toFarm,
    options,
    undefined,
    genericFor(access, options),
    exactTotal,
  );
  // Without a farm scope every caller sees their own farms: listPage has nothing to refuse.
  if (page === undefined) throw new Error('An unscoped list cannot be refused');
  return page;
}

export async function getFarm(db: Db, userId: string, farmId: string): Promise<Farm | undefined> {
  const row = await selectFarmColumns(userId)(farmSelection(db, userId)).where('f.id', '=', farmId).executeTakeFirst();
  return row && toFarm(row);
}

/** The farm and its creator as its one Owner, together. */
export async function insertFarm(
  db: Db,
  userId: string,
  owner: { name: string; email: string; phone: string },
  input: CreateFarmInput,
): Promise<string> {
  // The body's owner is the owner_name column.
  const { owner: ownerName, ...columns } = input;
  const location = input.location ?? '';
  return db.transaction().execute(async (trx) => {
    const farm = await camel(trx)
      .insertInto('farms')
      .values({
        ...columns,
        location,
        // A client that sends only the older free text gets the county it names, as migration 024 did.
        county: input.county ?? countyIn(location),
        ownerName,
        established: input.established ?? String(new Date().getFullYear()),
        description: input.description ?? '',
        icon: input.icon ?? '',
        status: input.status ?? 'active',
        createdBy: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('farm_members')
      .values({
        farm_id: farm.id,
        user_id: userId,
        name: owner.name,
        email: owner.email,
        phone: owner.phone,
        role: 'Owner',
        status: 'active',
      })
      .execute();
    return farm.id;
  });
}

export async function updateFarm(db: Db, farmId: string, input: Partial<CreateFarmInput>): Promise<void> {
  // The body's owner is the owner_name column.
  const { owner, ...columns } = input;
  await updateRow(db, 'farms', farmId, { ...columns, ownerName: owner });
}
