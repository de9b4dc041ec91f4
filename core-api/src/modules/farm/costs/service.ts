import { todayInNairobi } from '@shambasoko/contracts/time';
import type { Cost, CostsTotal } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { NOT_FOUND, access, accessChild, deleteChild, listService, orThrow } from '../common/access';
import { checkRefs } from '../common/refs';
import * as repo from './repository';
import type { CostsQuery, CreateCostInput, UpdateCostInput } from '@shambasoko/contracts';

type Db = Kysely<Database>;

// Costs are the farm's books: a member whose role may not see money is refused (403) a farm's list,
// total or one cost, and lists across farms leave those farms out.
export const listCosts = listService(repo.listCosts);

export async function getCost(db: Db, userId: string, costId: string): Promise<Cost> {
  const cost = await repo.getCost(db, userId, costId);
  if (cost !== undefined) return cost;
  // Why not: no such cost or not a member (404), or a role that may not see money (403).
  await accessChild(db, userId, 'costs', costId, 'money:read', NOT_FOUND.cost);
  throw new ApiError(404, NOT_FOUND.cost);
}

export async function costsTotal(db: Db, userId: string, query: CostsQuery): Promise<CostsTotal> {
  const { page: _page, pageSize: _size, sort: _sort, search, ...filters } = query;
  if (filters.farmId) await access(db, userId, filters.farmId, 'money:read');
  return repo.costsTotal(db, userId, filters, search);
}

export async function createCost(db: Db, userId: string, input: CreateCostInput): Promise<Cost> {
  await access(db, userId, input.farmId, 'cost:write');
  await checkRefs(db, input.farmId, input);
  const id = await repo.insertCost(db, userId, input, todayInNairobi());
  return getCost(db, userId, id);
}

export async function updateCost(db: Db, userId: string, costId: string, input: UpdateCostInput): Promise<Cost> {
  const { farmId } = await accessChild(db, userId, 'costs', costId, 'cost:write', NOT_FOUND.cost);
  const current = orThrow(await repo.costRef(db, costId), NOT_FOUND.cost);
  if (input.fieldId !== undefined || input.seasonId !== undefined || input.cropId !== undefined) {
    // null clears a reference (the cost becomes farm-wide); undefined keeps the stored one.
    const keep = <T>(given: T | undefined, stored: T) => (given === undefined ? stored : given);
    await checkRefs(db, farmId, {
      fieldId: keep(input.fieldId, current.field_id),
      seasonId: keep(input.seasonId, current.season_id),
      cropId: keep(input.cropId, current.crop_id),
    });
  }
  await repo.updateCost(db, costId, input);
  return getCost(db, userId, costId);
}

export async function deleteCost(db: Db, userId: string, costId: string): Promise<void> {
  await deleteChild(db, userId, 'costs', costId, 'cost:write', NOT_FOUND.cost);
}
