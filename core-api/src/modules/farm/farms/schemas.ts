import { z } from 'zod';
import { FARM_STATUSES } from '../common/constants';
import { filterEnum, hectares, listQuery, oneOf, optionalText, text } from '../common/schemas';

/** The keys `sort` accepts (each also with a "-" for descending); the repository maps them to SQL. */
export const FARM_SORT_KEYS = ['name', 'location', 'owner', 'totalSize', 'established', 'status', 'createdAt', 'fieldsCount'] as const;
export type FarmSortKey = (typeof FARM_SORT_KEYS)[number];

export const farmsQuery = listQuery(FARM_SORT_KEYS, { status: filterEnum(FARM_STATUSES) });

export const createFarmBody = z.object({
  name: text(),
  location: text(),
  totalSize: hectares(),
  owner: text(),
  established: optionalText(20),
  description: optionalText(),
  icon: optionalText(16),
  status: oneOf(FARM_STATUSES).optional(),
});
export const updateFarmBody = createFarmBody.partial();

export type FarmInput = z.infer<typeof createFarmBody>;
