import type { Cost, ListQuery, Paginated } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';
import { useSavedNarrowing } from '../../../lib/saved-narrowing';

export type CostsQuery = ListQuery & { farmId?: string; fieldId?: string; seasonId?: string; cropId?: string; category?: string };

const getCosts = (params: CostsQuery) => api.get<Paginated<Cost>>('/v1/costs', { params: { ...params } });
const costsQuery = (params: CostsQuery) => queryOptions({ queryKey: farmKey('costs', params), queryFn: () => getCosts(params) });
export const useCosts = (params: CostsQuery, enabled = true) =>
  useQuery({ ...costsQuery(params), placeholderData: useSavedNarrowing<Paginated<Cost>>('costs', params), enabled });
