import type { Crop, ListQuery, Paginated } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';
import { useSavedNarrowing } from '../../../lib/saved-narrowing';

export type CropsQuery = ListQuery & {
  farmId?: string;
  fieldId?: string;
  seasonId?: string;
  cropId?: string;
  userId?: string;
  status?: string;
};

const getCrops = (params: CropsQuery) => api.get<Paginated<Crop>>('/v1/crops', { params: { ...params } });
const cropsQuery = (params: CropsQuery) => queryOptions({ queryKey: farmKey('crops', params), queryFn: () => getCrops(params) });
export const useCrops = (params: CropsQuery, enabled = true) =>
  useQuery({ ...cropsQuery(params), placeholderData: useSavedNarrowing<Paginated<Crop>>('crops', params), enabled });
