import type { FarmPerson, Paginated } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';
import type { FarmUsersQuery } from './get-farm-users';

const getPeople = (params: FarmUsersQuery) => api.get<Paginated<FarmPerson>>('/v1/farm-users/people', { params: { ...params } });
// Under 'farm-users', so every membership write refreshes it too.
const peopleQuery = (params: FarmUsersQuery) =>
  queryOptions({ queryKey: farmKey('farm-users', 'people', params), queryFn: () => getPeople(params) });
export const usePeople = (params: FarmUsersQuery) => useQuery({ ...peopleQuery(params), placeholderData: keepPreviousData });
