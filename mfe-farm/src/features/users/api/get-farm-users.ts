import type { FarmUser, ListQuery, Paginated } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

export type FarmUsersQuery = ListQuery & { farmId?: string; fieldId?: string; seasonId?: string; cropId?: string };

const getFarmUsers = (params: FarmUsersQuery) => api.get<Paginated<FarmUser>>('/v1/farm-users', { params: { ...params } });
const farmUsersQuery = (params: FarmUsersQuery) =>
  queryOptions({ queryKey: farmKey('farm-users', params), queryFn: () => getFarmUsers(params) });
export const useFarmUsers = (params: FarmUsersQuery, enabled = true) =>
  useQuery({ ...farmUsersQuery(params), placeholderData: keepPreviousData, enabled });
