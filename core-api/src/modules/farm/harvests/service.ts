import type { CropHarvests, FarmYields, Harvest } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import { type CreateHarvestInput, DEFAULT_KG_PER_UNIT, HECTARES_PER_ACRE, type UpdateHarvestInput } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { NOT_FOUND, access, accessChild, deleteChild, orThrow } from '../common/access';
import { cropYield, round } from './yield';
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

/**
 * Yields of a farm's crops (of one season, or all) and, added up in kg, of each field and season
 * against what their crops were expected to give. Every member reads them.
 */
export async function farmYields(db: Db, userId: string, farmId: string, seasonId: string | undefined): Promise<FarmYields> {
  await access(db, userId, farmId, 'read');
  const crops = await repo.cropsWithHarvests(db, farmId, seasonId);
  const rows = crops.map((c) => ({
    ...cropYield(c.id, c.area, c.yieldPerHectare, c.harvests),
    cropName: c.name,
    fieldId: c.fieldId,
    fieldName: c.fieldName,
    seasonId: c.seasonId,
    seasonName: c.seasonName,
  }));
  const group = <K extends 'fieldId' | 'seasonId'>(key: K, name: 'fieldName' | 'seasonName') =>
    [...new Set(crops.map((c) => c[key]))].map((id) => {
      const within = crops.filter((c) => c[key] === id);
      const hectares = within.reduce((sum, c) => sum + c.area, 0);
      const harvested = within.reduce((sum, c) => sum + c.harvests.reduce((kg, h) => kg + h.kg, 0), 0);
      const expecting = within.filter((c) => c.yieldPerHectare !== null);
      const expectedKg = expecting.length === 0 ? null : expecting.reduce((sum, c) => sum + c.area * c.yieldPerHectare! * 1000, 0);
      // Against the expected of the crops that name one, on their own harvests.
      const harvestedOfExpecting = expecting.reduce((sum, c) => sum + c.harvests.reduce((kg, h) => kg + h.kg, 0), 0);
      return {
        id,
        name: within[0]![name],
        line: {
          hectares: round(hectares, 4),
          acres: round(hectares / HECTARES_PER_ACRE, 2),
          harvestedKg: round(harvested, 3),
          kgPerAcre: round(hectares > 0 ? harvested / (hectares / HECTARES_PER_ACRE) : 0),
          kgPerHectare: round(hectares > 0 ? harvested / hectares : 0),
          expectedKg: expectedKg === null ? null : round(expectedKg),
          percentOfExpected: expectedKg ? Math.round((harvestedOfExpecting / expectedKg) * 100) : null,
        },
      };
    });
  return {
    crops: rows,
    fields: group('fieldId', 'fieldName').map((g) => ({ fieldId: g.id, fieldName: g.name, ...g.line })),
    seasons: group('seasonId', 'seasonName').map((g) => ({ seasonId: g.id, seasonName: g.name, ...g.line })),
  };
}
