import type { Farm } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { NOT_FOUND, access, orThrow } from '../common/access';
import type { ListOptions } from '../common/list';
import { deleteRow } from '../common/repository';
import * as repo from './repository';
import type { CreateFarmInput } from '@shambasoko/contracts';

type Db = Kysely<Database>;

export function listFarms(db: Db, userId: string, filters: repo.FarmListFilters, options: ListOptions) {
  return repo.listFarms(db, userId, filters, options);
}

export async function getFarm(db: Db, userId: string, farmId: string): Promise<Farm> {
  return orThrow(await repo.getFarm(db, userId, farmId), NOT_FOUND.farm);
}

export async function createFarm(db: Db, userId: string, input: CreateFarmInput): Promise<Farm> {
  const user = orThrow(await repo.findUser(db, userId), 'Your account was not found. Please sign in again.');
  // The creator becomes the farm's one Owner.
  const owner = { name: user.full_name || user.email, email: user.email, phone: user.msisdn ?? '' };
  const farmId = await repo.insertFarm(db, userId, owner, input);
  return getFarm(db, userId, farmId);
}

export async function updateFarm(db: Db, userId: string, farmId: string, input: Partial<CreateFarmInput>): Promise<Farm> {
  await access(db, userId, farmId, 'farm:update');
  await repo.updateFarm(db, farmId, input);
  return getFarm(db, userId, farmId);
}

export async function deleteFarm(db: Db, userId: string, farmId: string): Promise<void> {
  await access(db, userId, farmId, 'farm:delete');
  // Fields, seasons, crops, activities, costs, budgets and memberships go with it (on delete cascade).
  await deleteRow(db, 'farms', farmId);
}
