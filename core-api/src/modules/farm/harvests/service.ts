import type { CropHarvests, Harvest } from '@shambasoko/shared';
import type { Kysely } from 'kysely';
import { type CreateHarvestInput, DEFAULT_KG_PER_UNIT, type UpdateHarvestInput } from '@shambasoko/shared/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { NOT_FOUND, accessChild, deleteChild, orThrow } from '../common/access';
import { cropYield } from './yield';
import * as repo from './repository';

type Db = Kysely<Database>;

// Harvests are quantities, not money: every member reads them; the field team records them, as it
// manages the crop itself ('crop:write').

export async function listHarvests(db: Db, userId: string, cropId: string): Promise<CropHarvests> {
  await accessChild(db, userId, 'crops', cropId, 'read', NOT_FOUND.crop);
  const planted = orThrow(await repo.plantedArea(db, cropId), NOT_FOUND.crop);
  const items = await repo.harvestsOfCrop(db, cropId);
  return { items, yield: cropYield(cropId, planted.area, planted.yield_per_hectare, items) };
}

export async function createHarvest(db: Db, userId: string, cropId: string, input: CreateHarvestInput): Promise<Harvest> {
  const { farmId } = await accessChild(db, userId, 'crops', cropId, 'crop:write', NOT_FOUND.crop);
  const id = await repo.insertHarvest(db, userId, farmId, cropId, input);
  return orThrow(await repo.getHarvest(db, id), NOT_FOUND.harvest);
}

export async function updateHarvest(db: Db, userId: string, harvestId: string, input: UpdateHarvestInput): Promise<Harvest> {
  await accessChild(db, userId, 'harvests', harvestId, 'crop:write', NOT_FOUND.harvest);
  const stored = orThrow(await repo.harvestRef(db, harvestId), NOT_FOUND.harvest);
  // A new unit without its weight takes that unit's usual weight; a crate has none to take.
  let kgPerUnit = input.kgPerUnit;
  if (kgPerUnit === undefined && input.unit !== undefined && input.unit !== stored.unit) {
    kgPerUnit = DEFAULT_KG_PER_UNIT[input.unit] ?? undefined;
    if (kgPerUnit === undefined) throw new ApiError(400, 'kgPerUnit: is required for this unit');
  }
  await repo.updateHarvest(db, harvestId, { ...input, kgPerUnit });
  return orThrow(await repo.getHarvest(db, harvestId), NOT_FOUND.harvest);
}

export async function deleteHarvest(db: Db, userId: string, harvestId: string): Promise<void> {
  await deleteChild(db, userId, 'harvests', harvestId, 'crop:write', NOT_FOUND.harvest);
}
