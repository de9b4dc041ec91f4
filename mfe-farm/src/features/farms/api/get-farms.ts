import type { Farm, FarmStatus, ListQuery, Paginated } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';
import { useSavedNarrowing } from '../../../lib/saved-narrowing';

export type FarmsQuery = ListQuery & { status?: FarmStatus };

const getFarms = (params: FarmsQuery) => api.get<Paginated<Farm>>('/v1/farms', { params: { ...params } });
const farmsQuery = (params: FarmsQuery) => queryOptions({ queryKey: farmKey('farms', params), queryFn: () => getFarms(params) });
/** Offline, a page never fetched is cut from a saved list (the dashboard saves the first 100 farms by name). */
export const useFarms = (params: FarmsQuery) =>
  useQuery({ ...farmsQuery(params), placeholderData: useSavedNarrowing<Paginated<Farm>>('farms', params) });
