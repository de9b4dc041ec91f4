import type { Crop } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { NOT_FOUND, access, accessChild, deleteChild, getService, listService, orThrow } from '../common/access';
import { checkDates, checkRefs } from '../common/refs';
import { cropRef } from '../common/repository';
import { cropHarvested, stockChangedEverywhere } from '../../market';
import * as repo from './repository';
import type { CreateCropInput, UpdateCropInput } from '@shambasoko/contracts';

type Db = Kysely<Database>;

const HARVEST_BEFORE_PLANTING = 'The expected harvest date cannot be before the planted date';

export const listCrops = listService(repo.listCrops);
export const getCrop = getService(repo.getCrop, NOT_FOUND.crop);

export async function createCrop(db: Db, userId: string, input: CreateCropInput): Promise<Crop> {
  await access(db, userId, input.farmId, 'crop:write');
  await checkRefs(db, input.farmId, { fieldId: input.fieldId, seasonId: input.seasonId });
  checkDates(input.plantedDate, input.expectedHarvest, HARVEST_BEFORE_PLANTING);
  const id = await repo.insertCrop(db, userId, input);
  return getCrop(db, userId, id);
}

export async function updateCrop(db: Db, userId: string, cropId: string, input: UpdateCropInput): Promise<Crop> {
  const { farmId } = await accessChild(db, userId, 'crops', cropId, 'crop:write', NOT_FOUND.crop);
  const current = orThrow(await cropRef(db, cropId), NOT_FOUND.crop);
  if (input.fieldId !== undefined || input.seasonId !== undefined) {
    await checkRefs(db, farmId, { fieldId: input.fieldId ?? current.field_id, seasonId: input.seasonId ?? current.season_id });
  }
  checkDates(input.plantedDate ?? current.plantedDate, input.expectedHarvest ?? current.expectedHarvest, HARVEST_BEFORE_PLANTING);
  if (input.status === 'harvested') {
    // Its pre-orders become ready to dispatch with the crop, or not at all.
    const changes = await db.transaction().execute(async (trx) => {
      await repo.updateCrop(trx, cropId, input);
      return cropHarvested(trx, cropId);
    });
    stockChangedEverywhere(changes);
  } else {
    await repo.updateCrop(db, cropId, input);
  }
  return getCrop(db, userId, cropId);
}

export async function deleteCrop(db: Db, userId: string, cropId: string): Promise<void> {
  await deleteChild(db, userId, 'crops', cropId, 'crop:write', NOT_FOUND.crop);
}
