import { z } from 'zod';
import { CROP_STATUSES } from '../common/constants';
import { date, filterEnum, filterId, hectares, id, listQuery, number, oneOf, text } from '../common/schemas';

/** The keys `sort` accepts (each also with a "-" for descending); the repository maps them to SQL. */
export const CROP_SORT_KEYS = ['name', 'area', 'plantedDate', 'expectedHarvest', 'status', 'farmName', 'createdAt'] as const;
export type CropSortKey = (typeof CROP_SORT_KEYS)[number];

export const cropParams = z.object({ cropId: id() });
export const cropsQuery = listQuery(CROP_SORT_KEYS, {
  farmId: filterId(),
  fieldId: filterId(),
  seasonId: filterId(),
  cropId: filterId(),
  userId: filterId(),
  status: filterEnum(CROP_STATUSES),
});

/** Tonnes per hectare: the highest greenhouse yields are a few hundred. */
const MAX_YIELD = 1_000;

const cropShape = {
  fieldId: id(),
  seasonId: id(),
  name: text(),
  area: hectares(),
  plantedDate: date(),
  expectedHarvest: date(),
  yieldPerHectare: number().nonnegative('must not be negative').max(MAX_YIELD, `must be at most ${MAX_YIELD.toLocaleString('en-US')} tonnes per hectare`).nullable().optional(),
  status: oneOf(CROP_STATUSES).optional(),
};
export const createCropBody = z.object({ farmId: id(), ...cropShape });
export const updateCropBody = z.object(cropShape).partial();

export type CropInput = z.infer<typeof createCropBody>;
export type CropUpdate = z.infer<typeof updateCropBody>;
