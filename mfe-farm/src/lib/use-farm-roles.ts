import type { Farm, FarmRole, Paginated } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { can, type FarmAction } from './permissions';
import { farmKey } from './query-keys';

// Screens that span farms (fields, seasons, costs...) need the caller's role on each row's farm.
// 100 is the API's page cap; a member of more farms sees the rest's controls once they are listed.
const params = { pageSize: 100, sort: 'name' };

export const myFarmsQuery = () =>
  queryOptions({
    queryKey: farmKey('farms', params),
    queryFn: () => api.get<Paginated<Farm>>('/v1/farms', { params }),
  });

/** A lookup from farm id to the caller's role there (undefined while loading or for unknown farms). */
export function useFarmRoles(): {
  roleOf: (farmId: string | null | undefined) => FarmRole | undefined;
  roles: FarmRole[];
  /** True only when the role is known and may not do this: farm pickers grey such farms out. */
  cannot: (farmId: string, action: FarmAction) => boolean;
  /** True once the farms are known and the caller's role on every one of them keeps them out of the books. */
  noBooks: boolean;
} {
  const { data } = useQuery(myFarmsQuery());
  const map = new Map((data?.items ?? []).map((f) => [f.id, f.myRole]));
  const roleOf = (farmId: string | null | undefined) => (farmId ? map.get(farmId) : undefined);
  return {
    roleOf,
    roles: [...map.values()],
    cannot: (farmId, action) => {
      const role = roleOf(farmId);
      return role !== undefined && !can(role, action);
    },
    noBooks: map.size > 0 && ![...map.values()].some((role) => can(role, 'seeMoney')),
  };
}
