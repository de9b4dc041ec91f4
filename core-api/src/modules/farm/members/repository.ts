import type { FarmPerson, FarmRole, FarmUser, FarmUserStatus } from '@shambasoko/contracts';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type ListOptions, type Page, type SortTable, likePattern, listPage, sortTable } from '../common/list';
import { type Access, genericFor, listAccess } from '../common/list-access';
import { type FilterColumns, type FiltersOf, type ScopedRows, scopedRowById, scopedRows, whereFilters } from '../common/scoped-rows';
import {
  type CreateFarmUserInput,
  FARM_PERMISSIONS,
  type MemberSortKey,
  type UpdateFarmUserInput,
  type membersQuery,
} from '@shambasoko/contracts';
import { findRole, updateRow } from '../common/repository';
import { idAndName, optionalIdAndName } from '../common/sql';

type Db = Kysely<Database>;

const MEMBER_SORTS = sortTable(
  'm',
  ['name', 'email', 'role', 'status'],
  { farmName: '"farmName"', addedDate: 'm.added_at' },
  { fallback: 'addedDate' },
) satisfies SortTable<MemberSortKey>;

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'msisdn', 'email_verified'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export type MemberFilters = FiltersOf<typeof membersQuery>;
const MEMBER_FILTERS = {
  fieldId: 'm.field_id',
  seasonId: 'm.season_id',
  cropId: 'm.crop_id',
  role: 'm.role',
  status: 'm.status',
} satisfies FilterColumns<MemberFilters>;

/**
 * Whether the caller may see this row's e-mail and phone: their own row, or a farm where their role
 * may see contacts (the contract's FARM_PERMISSIONS, 'member:contacts'). Viewers and Field Workers see names and roles.
 */
function contactsVisible(userId: string) {
  const roles = FARM_PERMISSIONS['member:contacts'];
  return sql<boolean>`(m.user_id is not distinct from ${userId}::uuid or exists (
    select 1 from farm_members v where v.farm_id = m.farm_id and v.user_id = ${userId} and v.status = 'active'
      and v.role in (${sql.join(roles.map((r) => sql.lit(r)))})))`;
}

function selectMemberColumns(qb: ScopedRows<'farm_members', 'm'>, userId: string) {
  return qb.select([
    'm.id',
    ...idAndName('m', 'farm'),
    'm.user_id as userId',
    'm.name',
    'm.email',
    'm.phone',
    'm.role',
    ...optionalIdAndName('m', 'field'),
    ...optionalIdAndName('m', 'season'),
    ...optionalIdAndName('m', 'crop'),
    sql<string>`to_char(m.added_at, 'YYYY-MM-DD')`.as('addedDate'),
    'm.status',
    contactsVisible(userId).as('contactsVisible'),
  ]);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMemberColumns>['executeTakeFirstOrThrow']>>;

/** A row whose contacts the caller may not see carries empty e-mail and phone (the fields stay strings). */
function toMember({ contactsVisible: visible, ...row }: MemberRow): FarmUser {
  const contacts = visible ? {} : { email: '', phone: '' };
  return { ...row, ...contacts, role: row.role as FarmRole, status: row.status as FarmUserStatus };
}

export async function listMembers(
  db: Db,
  userId: string,
  filters: MemberFilters,
  options: ListOptions,
): Promise<Page<FarmUser> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  const base = filteredMembers(db, userId, filters, options.search, access);
  return listPage(
    db,
    base,
    (qb) => selectMemberColumns(qb, userId),
    MEMBER_SORTS,
    toMember,
    options,
    { userId, farmId: filters.farmId },
    genericFor(access, options),
  );
}

/** The caller's membership rows narrowed by the list's filters and search: the list and the people list share them. */
function filteredMembers(db: Db, userId: string, filters: MemberFilters, search: string | undefined, access: Access) {
  let base = whereFilters(scopedRows(db, 'farm_members', 'm', userId, access), filters, MEMBER_FILTERS);
  if (search) {
    const p = likePattern(search);
    // A search by e-mail or phone matches only rows whose contacts the caller may see.
    base = base.where((eb) =>
      eb.or([eb('m.name', 'ilike', p), eb.and([contactsVisible(userId), eb.or([eb('m.email', 'ilike', p), eb('m.phone', 'ilike', p)])])]),
    );
  }
  return base;
}

/** One person per account; an invitation nobody has claimed yet is its e-mail. */
const PERSON = sql<string>`coalesce(m.user_id::text, m.email)`;

/**
 * The people on the caller's farms, each once with the memberships the filters match, by name. A page
 * is a page of people: their keys first (grouped, counted by a window), then their memberships.
 */
export async function listPeople(
  db: Db,
  userId: string,
  filters: MemberFilters,
  options: ListOptions,
): Promise<Page<FarmPerson> | undefined> {
  if (filters.farmId !== undefined && (await findRole(db, userId, filters.farmId)) === undefined) return undefined;
  const access = await listAccess(db, userId, filters.farmId, options.search);
  const base = filteredMembers(db, userId, filters, options.search, access);
  const keys = await base
    .select([PERSON.as('key'), sql<number>`count(*) over ()`.as('total')])
    .groupBy(PERSON)
    .orderBy(sql`min(lower(m.name))`)
    .orderBy(PERSON)
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  const page = { total: Number(keys[0]?.total ?? 0), totalCapped: false, page: options.page, pageSize: options.pageSize };
  if (keys.length === 0) {
    // Past the last page the window has no row to count on: count the people alone.
    const counted = await db
      .selectFrom(base.select(PERSON.as('key')).groupBy(PERSON).as('p'))
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return { ...page, items: [], total: Number(counted.n) };
  }
  const rows = await selectMemberColumns(base.where(sql<SqlBool>`${PERSON} in (${sql.join(keys.map((k) => k.key))})`), userId)
    .select(PERSON.as('person'))
    .orderBy(sql`"farmName"`)
    .orderBy('m.added_at')
    .execute();
  const items = keys.map(({ key }): FarmPerson => {
    const memberships = rows.filter((r) => r.person === key).map(({ person: _, ...row }) => toMember(row));
    const first = memberships[0]!;
    const contact = memberships.find((m) => m.email || m.phone) ?? first;
    // The id names an account or a membership, never the invited e-mail the caller may not see.
    return {
      id: first.userId ?? first.id,
      userId: first.userId,
      name: first.name,
      email: contact.email,
      phone: contact.phone,
      memberships,
    };
  });
  return { ...page, items };
}

export async function getMember(db: Db, userId: string, membershipId: string): Promise<FarmUser | undefined> {
  const row = await selectMemberColumns(scopedRowById(db, 'farm_members', 'm', userId), userId)
    .where('m.id', '=', membershipId)
    .executeTakeFirst();
  return row && toMember(row);
}

export async function getMemberRow(db: Db, membershipId: string) {
  return db
    .selectFrom('farm_members')
    .select(['id', 'farm_id', 'user_id', 'role', 'status', 'email', 'name', 'phone', 'field_id', 'season_id', 'crop_id'])
    .where('id', '=', membershipId)
    .executeTakeFirst();
}

export async function findMemberOnFarm(db: Db, farmId: string, email: string, userId: string | undefined) {
  return db
    .selectFrom('farm_members')
    .select('id')
    .where('farm_id', '=', farmId)
    .where((eb) => (userId === undefined ? eb('email', '=', email) : eb.or([eb('email', '=', email), eb('user_id', '=', userId)])))
    .executeTakeFirst();
}

export async function insertMember(
  db: Db,
  farmId: string,
  input: CreateFarmUserInput,
  email: string,
  account: { id: string } | undefined,
): Promise<string> {
  const row = await camel(db)
    .insertInto('farm_members')
    .values({
      ...input,
      farmId,
      userId: account?.id ?? null,
      email,
      fieldId: input.fieldId ?? null,
      seasonId: input.seasonId ?? null,
      cropId: input.cropId ?? null,
      status: account ? 'active' : 'invited',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The Owner's role never changes here (`keepRole`); the service has refused such a change already. */
export async function updateMember(db: Db, membershipId: string, input: UpdateFarmUserInput, keepRole: boolean): Promise<void> {
  await updateRow(db, 'farm_members', membershipId, { ...input, role: keepRole ? undefined : input.role });
}

/**
 * Makes the invitations recorded for `email` memberships of `userId`, for the user's own verified
 * address only; answers the farms joined.
 */
export async function claimInvitedMemberships(db: Db, userId: string, normalized: string) {
  const { rows } = await sql<{ farm_id: string; role: string; farm_name: string }>`
    update farm_members m
    set user_id = ${userId}, status = 'active'
    from farms f
    where f.id = m.farm_id
      and m.email = ${normalized}
      and m.status = 'invited'
      and m.user_id is null
      -- Someone already on the farm under another e-mail keeps that one membership.
      and not exists (select 1 from farm_members other where other.farm_id = m.farm_id and other.user_id = ${userId})
      and exists (select 1 from users u where u.id = ${userId} and u.email = ${normalized} and u.email_verified)
    returning m.farm_id, m.role, f.name as farm_name
  `.execute(db);
  return rows;
}

/** Invitations not yet accepted addressed to `normalized`, with their farm's name. */
export async function findInvitationsTo(db: Db, normalized: string) {
  return db
    .selectFrom('farm_members as m')
    .innerJoin('farms as f', 'f.id', 'm.farm_id')
    .select([
      'm.id',
      'm.farm_id as farmId',
      'f.name as farmName',
      'm.role',
      'm.status',
      'm.name',
      'm.email',
      'm.phone',
      'm.added_at as addedAt',
    ])
    .where('m.user_id', 'is', null)
    .where('m.email', '=', normalized)
    .orderBy('m.added_at')
    .execute();
}

/**
 * The user's places on farms they do not own (memberships, and invitations to `invited` when given),
 * with the farm's Owner to tell, if it has one.
 */
export async function findTiesToOthersFarms(db: Db, userId: string, invited: string | null) {
  return db
    .selectFrom('farm_members as m')
    .innerJoin('farms as f', 'f.id', 'm.farm_id')
    .leftJoin('farm_members as owner', (join) => join.onRef('owner.farm_id', '=', 'm.farm_id').on('owner.role', '=', 'Owner'))
    .select(['m.id', 'm.farm_id', 'f.name as farm_name', 'm.name', 'm.email', 'm.user_id', 'owner.user_id as owner_id'])
    .where('m.role', '<>', 'Owner')
    .where((eb) =>
      eb.or([
        eb('m.user_id', '=', userId),
        ...(invited === null ? [] : [eb.and([eb('m.user_id', 'is', null), eb('m.email', '=', invited)])]),
      ]),
    )
    .orderBy('m.added_at')
    .execute();
}
