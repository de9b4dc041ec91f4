import type {
  Activity,
  ActivityStatus,
  BudgetPlan,
  BudgetSummary,
  Cost,
  Crop,
  CropStatus,
  Dashboard,
  Farm,
  FarmFilters,
  FarmRole,
  FarmStatus,
  FarmUser,
  Field,
  FieldStatus,
  FieldUnit,
  Season,
  SeasonStatus,
} from '@shambasoko/shared';
import type { Kysely, UpdateObject } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { notify } from '../notifications/service';
import { BUDGET_CATEGORIES } from './constants';
import { type FarmAction, assertCan, assertCanManageRole } from './permissions';
import * as repo from './repository';

// Rules of farm management. Every call starts with `access` (membership → 404, role → 403 through
// the one permission table), then checks that referenced fields, seasons and crops belong to the
// same farm, then writes (in one transaction where several rows change).

type Db = Kysely<Database>;

const NOT_FOUND = {
  farm: 'Farm not found',
  field: 'Field not found',
  season: 'Season not found',
  crop: 'Crop not found',
  activity: 'Activity not found',
  member: 'Farm user not found',
  cost: 'Cost not found',
} as const;

// ---------------------------------------------------------------------------------------------
// Access

/** The caller's role on a farm after checking the action; a non-member learns nothing (404). */
async function access(db: Db, userId: string, farmId: string, action: FarmAction, notFound: string = NOT_FOUND.farm): Promise<FarmRole> {
  const role = await repo.findRole(db, userId, farmId);
  if (role === undefined) throw new ApiError(404, notFound);
  assertCan(role, action);
  return role;
}

/** Same for a row under a farm: its farm id and the caller's role there. */
async function accessChild(
  db: Db,
  userId: string,
  table: repo.FarmChildTable,
  id: string,
  action: FarmAction,
  notFound: string,
): Promise<{ farmId: string; role: FarmRole }> {
  const farmId = await repo.farmOf(db, table, id);
  if (farmId === undefined) throw new ApiError(404, notFound);
  const role = await access(db, userId, farmId, action, notFound);
  return { farmId, role };
}

/** A list filtered to one farm answers 404 for a farm the caller cannot see, like the farm itself. */
async function assertCanRead(db: Db, userId: string, farmId: string | undefined): Promise<void> {
  if (farmId !== undefined) await access(db, userId, farmId, 'read');
}

/**
 * A list answer. Lists are scoped to the caller's farms anyway; for a list narrowed to one farm the
 * repository checks the caller's active membership in the list's own statement and answers
 * undefined for a stranger, who gets the farm's 404 (every role may read, so membership decides).
 */
async function scopedList<T>(list: Promise<T | undefined>): Promise<T> {
  return orThrow(await list, NOT_FOUND.farm);
}

type DeletableTable = 'fields' | 'seasons' | 'crops' | 'activities' | 'costs';

/** Deletes a row under a farm after the same access check as its update. */
async function deleteChild(db: Db, userId: string, table: DeletableTable, id: string, action: FarmAction, notFound: string): Promise<void> {
  await accessChild(db, userId, table, id, action, notFound);
  await db.deleteFrom(table).where('id', '=', id).execute();
}

function orThrow<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new ApiError(404, message);
  return value;
}

// ---------------------------------------------------------------------------------------------
// References: a field, season or crop named in a body must belong to the farm (and to each other)

async function checkField(db: Db, farmId: string, fieldId: string): Promise<void> {
  const field = await repo.fieldRef(db, fieldId);
  if (field?.farm_id !== farmId) throw new ApiError(400, 'The field does not belong to this farm');
}

async function checkSeason(db: Db, farmId: string, seasonId: string, fieldId: string | null | undefined) {
  const season = await repo.seasonRef(db, seasonId);
  if (season?.farm_id !== farmId) throw new ApiError(400, 'The season does not belong to this farm');
  if (fieldId && season.field_id !== null && season.field_id !== fieldId) {
    throw new ApiError(400, 'The season does not belong to this field');
  }
  return season;
}

async function checkCrop(db: Db, farmId: string, cropId: string, fieldId: string | null | undefined, seasonId: string | null | undefined): Promise<void> {
  const crop = await repo.cropRef(db, cropId);
  if (crop?.farm_id !== farmId) throw new ApiError(400, 'The crop does not belong to this farm');
  if (fieldId && crop.field_id !== fieldId) throw new ApiError(400, 'The crop does not belong to this field');
  if (seasonId && crop.season_id !== seasonId) throw new ApiError(400, 'The crop does not belong to this season');
}

/** Checks whichever of field, season and crop are set, in that order, against each other. */
async function checkRefs(db: Db, farmId: string, refs: { fieldId?: string | null; seasonId?: string | null; cropId?: string | null }): Promise<void> {
  if (refs.fieldId) await checkField(db, farmId, refs.fieldId);
  if (refs.seasonId) await checkSeason(db, farmId, refs.seasonId, refs.fieldId);
  if (refs.cropId) await checkCrop(db, farmId, refs.cropId, refs.fieldId, refs.seasonId);
}

function checkDates(start: string, end: string, message: string): void {
  // ISO dates compare correctly as text.
  if (end < start) throw new ApiError(400, message);
}

const END_BEFORE_START = 'The end date cannot be before the start date';
const HARVEST_BEFORE_PLANTING = 'The expected harvest date cannot be before the planted date';

type EditableTable = 'farms' | 'fields' | 'seasons' | 'crops' | 'activities' | 'farm_members' | 'costs';

/** A PATCH that names no column changes nothing (an empty SET would be invalid SQL). */
async function updateRow<T extends EditableTable>(db: Db, table: T, id: string, values: UpdateObject<Database, T>): Promise<void> {
  if (Object.values(values).every((value) => value === undefined)) return;
  await db
    .updateTable(table as EditableTable)
    .set(values as UpdateObject<Database, EditableTable>)
    .where('id', '=', id)
    .execute();
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Dashboard and filters

export function getDashboard(db: Db, userId: string): Promise<Dashboard> {
  return repo.dashboard(db, userId);
}

export async function getFilterOptions(db: Db, userId: string, scope: repo.OptionScope): Promise<FarmFilters> {
  await assertCanRead(db, userId, scope.farmId);
  return repo.filterOptions(db, userId, scope);
}

// ---------------------------------------------------------------------------------------------
// Farms

export interface FarmInput {
  name: string;
  location: string;
  totalSize: number;
  owner: string;
  established?: string | undefined;
  description?: string | undefined;
  icon?: string | undefined;
  status?: FarmStatus | undefined;
}

export function listFarms(db: Db, userId: string, filters: repo.FarmListFilters, options: repo.ListOptions) {
  return repo.listFarms(db, userId, filters, options);
}

export async function getFarm(db: Db, userId: string, farmId: string): Promise<Farm> {
  return orThrow(await repo.getFarm(db, userId, farmId), NOT_FOUND.farm);
}

export async function createFarm(db: Db, userId: string, input: FarmInput): Promise<Farm> {
  const user = orThrow(await repo.findUser(db, userId), 'Your account was not found. Please sign in again.');
  const farmId = await db.transaction().execute(async (trx) => {
    const farm = await trx
      .insertInto('farms')
      .values({
        name: input.name,
        location: input.location,
        total_size: input.totalSize,
        owner_name: input.owner,
        established: input.established ?? String(new Date().getFullYear()),
        description: input.description ?? '',
        icon: input.icon ?? '',
        status: input.status ?? 'active',
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The creator becomes the farm's one Owner.
    await trx
      .insertInto('farm_members')
      .values({
        farm_id: farm.id,
        user_id: userId,
        name: user.full_name || user.email,
        email: user.email,
        phone: user.msisdn ?? '',
        role: 'Owner',
        status: 'active',
      })
      .execute();
    return farm.id;
  });
  return getFarm(db, userId, farmId);
}

export async function updateFarm(db: Db, userId: string, farmId: string, input: Partial<FarmInput>): Promise<Farm> {
  await access(db, userId, farmId, 'farm:update');
  await updateRow(db, 'farms', farmId, {
      name: input.name,
      location: input.location,
      total_size: input.totalSize,
      owner_name: input.owner,
      established: input.established,
      description: input.description,
      icon: input.icon,
      status: input.status,
    });
  return getFarm(db, userId, farmId);
}

export async function deleteFarm(db: Db, userId: string, farmId: string): Promise<void> {
  await access(db, userId, farmId, 'farm:delete');
  // Fields, seasons, crops, activities, costs, budgets and memberships go with it (on delete cascade).
  await db.deleteFrom('farms').where('id', '=', farmId).execute();
}

// ---------------------------------------------------------------------------------------------
// Fields

export interface FieldInput {
  name: string;
  size: number;
  unit?: FieldUnit | undefined;
  cropType: string;
  plantingDate?: string | undefined;
  status?: FieldStatus | undefined;
  location?: string | undefined;
}

export async function listFields(db: Db, userId: string, filters: repo.FieldFilters, options: repo.ListOptions) {
  return scopedList(repo.listFields(db, userId, filters, options));
}

export async function getField(db: Db, userId: string, fieldId: string): Promise<Field> {
  return orThrow(await repo.getField(db, userId, fieldId), NOT_FOUND.field);
}

export async function createField(db: Db, userId: string, farmId: string, input: FieldInput): Promise<Field> {
  await access(db, userId, farmId, 'field:write');
  const row = await db
    .insertInto('fields')
    .values({
      farm_id: farmId,
      name: input.name,
      size: input.size,
      unit: input.unit ?? 'hectares',
      crop_type: input.cropType,
      planting_date: input.plantingDate ?? today(),
      status: input.status ?? 'planted',
      location: input.location ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getField(db, userId, row.id);
}

export async function updateField(db: Db, userId: string, fieldId: string, input: Partial<FieldInput>): Promise<Field> {
  await accessChild(db, userId, 'fields', fieldId, 'field:write', NOT_FOUND.field);
  await updateRow(db, 'fields', fieldId, {
      name: input.name,
      size: input.size,
      unit: input.unit,
      crop_type: input.cropType,
      planting_date: input.plantingDate,
      status: input.status,
      location: input.location,
    });
  return getField(db, userId, fieldId);
}

export async function deleteField(db: Db, userId: string, fieldId: string): Promise<void> {
  await deleteChild(db, userId, 'fields', fieldId, 'field:write', NOT_FOUND.field);
}

// ---------------------------------------------------------------------------------------------
// Seasons

export interface SeasonInput {
  farmId: string;
  fieldId?: string | null | undefined;
  name: string;
  cropType: string;
  startDate: string;
  endDate: string;
  status?: SeasonStatus | undefined;
}

export async function listSeasons(db: Db, userId: string, filters: repo.SeasonFilters, options: repo.ListOptions) {
  return scopedList(repo.listSeasons(db, userId, filters, options));
}

export async function getSeason(db: Db, userId: string, seasonId: string): Promise<Season> {
  return orThrow(await repo.getSeason(db, userId, seasonId), NOT_FOUND.season);
}

export async function createSeason(db: Db, userId: string, input: SeasonInput): Promise<Season> {
  await access(db, userId, input.farmId, 'season:write');
  if (input.fieldId) await checkField(db, input.farmId, input.fieldId);
  checkDates(input.startDate, input.endDate, END_BEFORE_START);
  const row = await db
    .insertInto('seasons')
    .values({
      farm_id: input.farmId,
      field_id: input.fieldId ?? null,
      name: input.name,
      crop_type: input.cropType,
      start_date: input.startDate,
      end_date: input.endDate,
      status: input.status ?? 'upcoming',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getSeason(db, userId, row.id);
}

export async function updateSeason(db: Db, userId: string, seasonId: string, input: Partial<Omit<SeasonInput, 'farmId'>>): Promise<Season> {
  const { farmId } = await accessChild(db, userId, 'seasons', seasonId, 'season:write', NOT_FOUND.season);
  if (input.fieldId) await checkField(db, farmId, input.fieldId);
  const current = orThrow(await repo.seasonRef(db, seasonId), NOT_FOUND.season);
  checkDates(input.startDate ?? current.startDate, input.endDate ?? current.endDate, END_BEFORE_START);
  await updateRow(db, 'seasons', seasonId, {
      field_id: input.fieldId,
      name: input.name,
      crop_type: input.cropType,
      start_date: input.startDate,
      end_date: input.endDate,
      status: input.status,
    });
  return getSeason(db, userId, seasonId);
}

export async function deleteSeason(db: Db, userId: string, seasonId: string): Promise<void> {
  await deleteChild(db, userId, 'seasons', seasonId, 'season:write', NOT_FOUND.season);
}

// ---------------------------------------------------------------------------------------------
// Crops

export interface CropInput {
  farmId: string;
  fieldId: string;
  seasonId: string;
  name: string;
  area: number;
  plantedDate: string;
  expectedHarvest: string;
  yieldPerHectare?: number | null | undefined;
  status?: CropStatus | undefined;
}

export async function listCrops(db: Db, userId: string, filters: repo.CropFilters, options: repo.ListOptions) {
  return scopedList(repo.listCrops(db, userId, filters, options));
}

export async function getCrop(db: Db, userId: string, cropId: string): Promise<Crop> {
  return orThrow(await repo.getCrop(db, userId, cropId), NOT_FOUND.crop);
}

export async function createCrop(db: Db, userId: string, input: CropInput): Promise<Crop> {
  await access(db, userId, input.farmId, 'crop:write');
  await checkRefs(db, input.farmId, { fieldId: input.fieldId, seasonId: input.seasonId });
  checkDates(input.plantedDate, input.expectedHarvest, HARVEST_BEFORE_PLANTING);
  const row = await db
    .insertInto('crops')
    .values({
      farm_id: input.farmId,
      field_id: input.fieldId,
      season_id: input.seasonId,
      name: input.name,
      area: input.area,
      planted_date: input.plantedDate,
      expected_harvest: input.expectedHarvest,
      yield_per_hectare: input.yieldPerHectare ?? null,
      status: input.status ?? 'planned',
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getCrop(db, userId, row.id);
}

export async function updateCrop(db: Db, userId: string, cropId: string, input: Partial<Omit<CropInput, 'farmId'>>): Promise<Crop> {
  const { farmId } = await accessChild(db, userId, 'crops', cropId, 'crop:write', NOT_FOUND.crop);
  const current = orThrow(await repo.cropRef(db, cropId), NOT_FOUND.crop);
  if (input.fieldId !== undefined || input.seasonId !== undefined) {
    await checkRefs(db, farmId, { fieldId: input.fieldId ?? current.field_id, seasonId: input.seasonId ?? current.season_id });
  }
  checkDates(input.plantedDate ?? current.plantedDate, input.expectedHarvest ?? current.expectedHarvest, HARVEST_BEFORE_PLANTING);
  await updateRow(db, 'crops', cropId, {
      field_id: input.fieldId,
      season_id: input.seasonId,
      name: input.name,
      area: input.area,
      planted_date: input.plantedDate,
      expected_harvest: input.expectedHarvest,
      yield_per_hectare: input.yieldPerHectare,
      status: input.status,
    });
  return getCrop(db, userId, cropId);
}

export async function deleteCrop(db: Db, userId: string, cropId: string): Promise<void> {
  await deleteChild(db, userId, 'crops', cropId, 'crop:write', NOT_FOUND.crop);
}

// ---------------------------------------------------------------------------------------------
// Activities

export interface ActivityInput {
  farmId: string;
  fieldId: string;
  seasonId?: string | null | undefined;
  cropId?: string | null | undefined;
  name: string;
  userId?: string | null | undefined;
  dueDate?: string | null | undefined;
  notes?: string | undefined;
  status?: ActivityStatus | undefined;
}

export async function listActivities(db: Db, userId: string, filters: repo.ActivityFilters, options: repo.ListOptions) {
  return scopedList(repo.listActivities(db, userId, filters, options));
}

export async function getActivity(db: Db, userId: string, activityId: string): Promise<Activity> {
  return orThrow(await repo.getActivity(db, userId, activityId), NOT_FOUND.activity);
}

async function checkAssignee(db: Db, farmId: string, assigneeId: string): Promise<void> {
  if (!(await repo.isActiveMember(db, farmId, assigneeId))) {
    throw new ApiError(400, 'The assignee is not a user of this farm');
  }
}

/** Tells the assignee, unless they assigned it to themselves. */
async function notifyAssignee(trx: Db, actorId: string, assigneeId: string | null | undefined, activityId: string): Promise<void> {
  if (!assigneeId || assigneeId === actorId) return;
  const activity = orThrow(await repo.getActivity(trx, assigneeId, activityId), NOT_FOUND.activity);
  await notify(trx, {
    userId: assigneeId,
    type: 'activity_assigned',
    title: `New activity: ${activity.name}`,
    body: `${activity.farmName} · ${activity.fieldName}${activity.dueDate ? ` · due ${activity.dueDate}` : ''}`,
    link: '/activities',
  });
}

export async function createActivity(db: Db, userId: string, input: ActivityInput): Promise<Activity> {
  await access(db, userId, input.farmId, 'activity:write');
  await checkRefs(db, input.farmId, input);
  if (input.userId) await checkAssignee(db, input.farmId, input.userId);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('activities')
      .values({
        farm_id: input.farmId,
        field_id: input.fieldId,
        season_id: input.seasonId ?? null,
        crop_id: input.cropId ?? null,
        name: input.name,
        assignee_id: input.userId ?? null,
        due_date: input.dueDate ?? null,
        notes: input.notes ?? '',
        status: input.status ?? 'Pending',
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notifyAssignee(trx, userId, input.userId, row.id);
    return row.id;
  });
  return getActivity(db, userId, id);
}

export async function updateActivity(db: Db, userId: string, activityId: string, input: Partial<Omit<ActivityInput, 'farmId'>>): Promise<Activity> {
  const current = orThrow(await repo.getActivityRow(db, activityId), NOT_FOUND.activity);
  // A client may send the whole activity back; only values that really change count, so a Field
  // Worker who resends the form with just a new status is still "changing the status only".
  const before: Record<string, unknown> = {
    fieldId: current.field_id,
    seasonId: current.season_id,
    cropId: current.crop_id,
    name: current.name,
    userId: current.assignee_id,
    dueDate: current.dueDate,
    notes: current.notes,
  };
  const statusOnly = Object.entries(input).every(([key, value]) => key === 'status' || value === undefined || value === before[key]);
  const { farmId } = await accessChild(db, userId, 'activities', activityId, statusOnly ? 'activity:status' : 'activity:write', NOT_FOUND.activity);
  const next = {
    fieldId: input.fieldId ?? current.field_id,
    seasonId: input.seasonId === undefined ? current.season_id : input.seasonId,
    cropId: input.cropId === undefined ? current.crop_id : input.cropId,
  };
  if (input.fieldId !== undefined || input.seasonId !== undefined || input.cropId !== undefined) await checkRefs(db, farmId, next);
  if (input.userId) await checkAssignee(db, farmId, input.userId);
  await db.transaction().execute(async (trx) => {
    await updateRow(trx, 'activities', activityId, {
        field_id: input.fieldId,
        season_id: input.seasonId,
        crop_id: input.cropId,
        name: input.name,
        assignee_id: input.userId,
        due_date: input.dueDate,
        notes: input.notes,
        status: input.status,
      });
    if (input.userId && input.userId !== current.assignee_id) await notifyAssignee(trx, userId, input.userId, activityId);
  });
  return getActivity(db, userId, activityId);
}

export async function deleteActivity(db: Db, userId: string, activityId: string): Promise<void> {
  await deleteChild(db, userId, 'activities', activityId, 'activity:write', NOT_FOUND.activity);
}

// ---------------------------------------------------------------------------------------------
// Farm users

export interface MemberInput {
  name: string;
  email: string;
  phone: string;
  role: FarmRole;
  fieldId?: string | null | undefined;
  seasonId?: string | null | undefined;
  cropId?: string | null | undefined;
}

export interface MemberUpdate extends Partial<Omit<MemberInput, 'email'>> {
  status?: 'active' | 'inactive' | undefined;
}

const OWNER_NOT_ASSIGNABLE = 'The Owner role cannot be assigned. Choose another role.';

export async function listMembers(db: Db, userId: string, filters: repo.MemberFilters, options: repo.ListOptions) {
  return scopedList(repo.listMembers(db, userId, filters, options));
}

export async function getMember(db: Db, userId: string, membershipId: string): Promise<FarmUser> {
  return orThrow(await repo.getMember(db, userId, membershipId), NOT_FOUND.member);
}

/**
 * Links an existing account by e-mail (and tells them), or records an invitation that
 * `claimInvitations` turns into a membership when that e-mail signs up. An account whose address is
 * not verified may belong to someone who signed up with another person's e-mail, so it is not
 * linked: the invitation waits until a sign-in proves the address.
 */
export async function addMember(db: Db, userId: string, farmId: string, input: MemberInput): Promise<FarmUser> {
  const role = await access(db, userId, farmId, 'member:write');
  if (input.role === 'Owner') throw new ApiError(400, OWNER_NOT_ASSIGNABLE);
  assertCanManageRole(role, input.role);
  await checkRefs(db, farmId, input);
  const email = input.email.trim().toLowerCase();
  const found = await repo.findUserByEmail(db, email);
  const account = found?.email_verified ? found : undefined;
  if (await repo.findMemberOnFarm(db, farmId, email, account?.id)) {
    throw new ApiError(409, 'This person is already a user of this farm');
  }
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('farm_members')
      .values({
        farm_id: farmId,
        user_id: account?.id ?? null,
        name: input.name,
        email,
        phone: input.phone,
        role: input.role,
        field_id: input.fieldId ?? null,
        season_id: input.seasonId ?? null,
        crop_id: input.cropId ?? null,
        status: account ? 'active' : 'invited',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (account) {
      const farm = orThrow(await repo.getFarm(trx, userId, farmId), NOT_FOUND.farm);
      await notify(trx, {
        userId: account.id,
        type: 'farm_member_added',
        title: `You were added to ${farm.name}`,
        body: `Your role: ${input.role}`,
        link: `/farms/${farmId}`,
      });
    }
    return row.id;
  });
  return getMember(db, userId, id);
}

const CONTACTS_ARE_PERSONAL = 'Only the person can change their own name and phone number.';

/**
 * Managers change someone's role, scope and status within their rank (a Farm Manager is changed only
 * by the Owner); a member's name and phone are theirs: only they change them. An invitation's details
 * are what the inviter typed, so managers may still correct them until it is accepted.
 */
export async function updateMember(db: Db, userId: string, membershipId: string, input: MemberUpdate): Promise<FarmUser> {
  const { farmId, role } = await accessChild(db, userId, 'farm_members', membershipId, 'read', NOT_FOUND.member);
  const current = orThrow(await repo.getMemberRow(db, membershipId), NOT_FOUND.member);
  const self = current.user_id === userId;
  const differs = <T>(next: T | undefined, now: T) => next !== undefined && next !== now;
  const contactChange = differs(input.name, current.name) || differs(input.phone, current.phone);
  const otherChange =
    differs(input.role, current.role) ||
    differs(input.status, current.status) ||
    differs(input.fieldId, current.field_id) ||
    differs(input.seasonId, current.season_id) ||
    differs(input.cropId, current.crop_id);
  if (!self || otherChange) {
    assertCan(role, 'member:write');
    if (current.role !== 'Owner') assertCanManageRole(role, current.role as FarmRole);
  }
  if (contactChange && !self && current.status !== 'invited') throw new ApiError(403, CONTACTS_ARE_PERSONAL);
  if (current.role === 'Owner') {
    if (input.role !== undefined && input.role !== 'Owner') throw new ApiError(400, "The Owner's role cannot be changed");
    if (input.status === 'inactive') throw new ApiError(400, 'The Owner cannot be deactivated');
  } else if (input.role === 'Owner') {
    throw new ApiError(400, OWNER_NOT_ASSIGNABLE);
  } else if (differs(input.role, current.role)) {
    assertCanManageRole(role, input.role!);
  }
  if (input.status !== undefined && current.status === 'invited') {
    throw new ApiError(400, 'An invitation becomes active when the person signs up; its status cannot be changed');
  }
  const refs = {
    fieldId: input.fieldId,
    seasonId: input.seasonId,
    cropId: input.cropId,
  };
  await checkRefs(db, farmId, refs);
  await updateRow(db, 'farm_members', membershipId, {
      name: input.name,
      phone: input.phone,
      role: current.role === 'Owner' ? undefined : input.role,
      field_id: input.fieldId,
      season_id: input.seasonId,
      crop_id: input.cropId,
      status: input.status,
    });
  return getMember(db, userId, membershipId);
}

export async function removeMember(db: Db, userId: string, membershipId: string): Promise<void> {
  const { role } = await accessChild(db, userId, 'farm_members', membershipId, 'member:write', NOT_FOUND.member);
  const current = orThrow(await repo.getMemberRow(db, membershipId), NOT_FOUND.member);
  if (current.role === 'Owner') throw new ApiError(400, 'The Owner cannot be removed from the farm');
  assertCanManageRole(role, current.role as FarmRole);
  await db.deleteFrom('farm_members').where('id', '=', membershipId).execute();
}

// ---------------------------------------------------------------------------------------------
// Costs and budgets

export interface CostInput {
  farmId: string;
  fieldId: string;
  seasonId: string;
  cropId: string;
  activityType: string;
  budgetCategory: string;
  description: string;
  amount: number;
  date?: string | undefined;
}

export async function listCosts(db: Db, userId: string, filters: repo.CostFilters, options: repo.ListOptions) {
  return scopedList(repo.listCosts(db, userId, filters, options));
}

export async function getCost(db: Db, userId: string, costId: string): Promise<Cost> {
  return orThrow(await repo.getCost(db, userId, costId), NOT_FOUND.cost);
}

export async function createCost(db: Db, userId: string, input: CostInput): Promise<Cost> {
  await access(db, userId, input.farmId, 'cost:write');
  await checkRefs(db, input.farmId, input);
  const row = await db
    .insertInto('costs')
    .values({
      farm_id: input.farmId,
      field_id: input.fieldId,
      season_id: input.seasonId,
      crop_id: input.cropId,
      activity_type: input.activityType,
      category: input.budgetCategory,
      description: input.description,
      amount: input.amount,
      cost_date: input.date ?? today(),
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getCost(db, userId, row.id);
}

export async function updateCost(db: Db, userId: string, costId: string, input: Partial<Omit<CostInput, 'farmId'>>): Promise<Cost> {
  const { farmId } = await accessChild(db, userId, 'costs', costId, 'cost:write', NOT_FOUND.cost);
  const current = orThrow(await repo.costRef(db, costId), NOT_FOUND.cost);
  if (input.fieldId !== undefined || input.seasonId !== undefined || input.cropId !== undefined) {
    await checkRefs(db, farmId, {
      fieldId: input.fieldId ?? current.field_id,
      seasonId: input.seasonId ?? current.season_id,
      cropId: input.cropId ?? current.crop_id,
    });
  }
  await updateRow(db, 'costs', costId, {
      field_id: input.fieldId,
      season_id: input.seasonId,
      crop_id: input.cropId,
      activity_type: input.activityType,
      category: input.budgetCategory,
      description: input.description,
      amount: input.amount,
      cost_date: input.date,
    });
  return getCost(db, userId, costId);
}

export async function deleteCost(db: Db, userId: string, costId: string): Promise<void> {
  await deleteChild(db, userId, 'costs', costId, 'cost:write', NOT_FOUND.cost);
}

/** Every category in the spec's order, 0 where no line is planned yet, so a form can show them all. */
export async function getBudgetPlan(db: Db, userId: string, farmId: string, seasonId: string | null): Promise<BudgetPlan> {
  await access(db, userId, farmId, 'read');
  if (seasonId) await checkSeason(db, farmId, seasonId, undefined);
  const lines = await repo.budgetLines(db, farmId, seasonId);
  const planned = new Map(lines.map((line) => [line.category, Number(line.planned)]));
  return { items: BUDGET_CATEGORIES.map((category) => ({ category, planned: planned.get(category) ?? 0 })) };
}

export async function putBudget(
  db: Db,
  userId: string,
  input: { farmId: string; seasonId?: string | null | undefined; category: string; planned: number },
): Promise<BudgetPlan> {
  await access(db, userId, input.farmId, 'budget:write');
  const seasonId = input.seasonId ?? null;
  if (seasonId) await checkSeason(db, input.farmId, seasonId, undefined);
  await repo.upsertBudget(db, { farmId: input.farmId, seasonId, category: input.category, planned: input.planned });
  return getBudgetPlan(db, userId, input.farmId, seasonId);
}

export async function getBudgetSummary(db: Db, userId: string, scope: repo.SummaryScope): Promise<BudgetSummary> {
  const lines = orThrow(await repo.budgetByCategory(db, userId, scope), NOT_FOUND.farm);
  const order = (name: string) => {
    const index = (BUDGET_CATEGORIES as readonly string[]).indexOf(name);
    return index === -1 ? BUDGET_CATEGORIES.length : index;
  };
  const categories = [...lines].sort((a, b) => order(a.name) - order(b.name));
  // Totals over at most nine category rows the database already summed.
  const planned = categories.reduce((sum, line) => sum + line.planned, 0);
  const actual = categories.reduce((sum, line) => sum + line.actual, 0);
  return {
    planned,
    actual,
    remaining: planned - actual,
    variance: planned - actual,
    percentage: planned === 0 ? 0 : Math.round((actual / planned) * 1000) / 10,
    categories,
  };
}
