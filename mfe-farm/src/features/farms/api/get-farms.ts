import { api, type Farm, type FarmStatus, type ListQuery, type Paginated } from '@shambasoko/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

export type FarmsQuery = ListQuery & { status?: FarmStatus };

const getFarms = (params: FarmsQuery) => api.get<Paginated<Farm>>('/v1/farms', { params: { ...params } });
const farmsQuery = (params: FarmsQuery) => queryOptions({ queryKey: farmKey('farms', params), queryFn: () => getFarms(params) });
export const useFarms = (params: FarmsQuery) => useQuery({ ...farmsQuery(params), placeholderData: keepPreviousData });
