import type { FarmRole } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import type { ListOptions } from './list';
import { type FarmAction, assertCan } from './permissions';
import * as repo from './repository';

// Every farm service call starts here: membership decides 404, the role 403 (through the one
// permission table).

type Db = Kysely<Database>;

export const NOT_FOUND = {
  farm: 'Farm not found',
  field: 'Field not found',
  season: 'Season not found',
  crop: 'Crop not found',
  activity: 'Activity not found',
  member: 'Farm user not found',
  cost: 'Cost not found',
  harvest: 'Harvest not found',
  income: 'Sale not found',
} as const;

export function orThrow<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new ApiError(404, message);
  return value;
}

/** The caller's role on a farm after checking the action; a non-member learns nothing (404). */
export async function access(
  db: Db,
  userId: string,
  farmId: string,
  action: FarmAction,
  notFound: string = NOT_FOUND.farm,
): Promise<FarmRole> {
  return checkRole(await repo.findRole(db, userId, farmId), action, notFound);
}

/** A role read with the row (or by `access`) checked for the action; none (not a member) is a 404. */
export function checkRole(role: string | null | undefined, action: FarmAction, notFound: string): FarmRole {
  if (role === undefined || role === null) throw new ApiError(404, notFound);
  assertCan(role as FarmRole, action);
  return role as FarmRole;
}

/** Same for a row under a farm: its farm id and the caller's role there. */
export async function accessChild(
  db: Db,
  userId: string,
  table: repo.FarmChildTable,
  id: string,
  action: FarmAction,
  notFound: string,
): Promise<{ farmId: string; role: FarmRole }> {
  const row = await repo.farmAndRoleOf(db, table, id, userId);
  if (row === undefined) throw new ApiError(404, notFound);
  return { farmId: row.farmId, role: checkRole(row.role, action, notFound) };
}

/** A list filtered to one farm answers 404 for a farm the caller cannot see, like the farm itself. */
export async function assertCanRead(db: Db, userId: string, farmId: string | undefined): Promise<void> {
  if (farmId !== undefined) await access(db, userId, farmId, 'read');
}

/**
 * A repository's list as a service function. Lists are scoped to the caller's farms anyway; for a
 * list narrowed to one farm the repository checks the caller's active membership in the list's own
 * statement and answers undefined for a stranger, who gets the farm's 404 (every role may read, so
 * membership decides).
 */
export function listService<Filters, Page>(
  list: (db: Db, userId: string, filters: Filters, options: ListOptions) => Promise<Page | undefined>,
) {
  return async (db: Db, userId: string, filters: Filters, options: ListOptions): Promise<Page> =>
    orThrow(await list(db, userId, filters, options), NOT_FOUND.farm);
}

/** A repository's get as a service function: a row the caller may not see is a 404 with `notFound`. */
export function getService<Item>(get: (db: Db, userId: string, id: string) => Promise<Item | undefined>, notFound: string) {
  return async (db: Db, userId: string, id: string): Promise<Item> => orThrow(await get(db, userId, id), notFound);
}

/** Deletes a row under a farm after the same access check as its update. */
export async function deleteChild(
  db: Db,
  userId: string,
  table: 'fields' | 'seasons' | 'crops' | 'activities' | 'costs' | 'harvests' | 'crop_income',
  id: string,
  action: FarmAction,
  notFound: string,
): Promise<void> {
  await accessChild(db, userId, table, id, action, notFound);
  await repo.deleteRow(db, table, id);
}
