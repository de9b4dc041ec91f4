import type { FarmFilters } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { farmKey } from '../../query-keys';

export interface FilterParents {
  farmId?: string;
  fieldId?: string;
  seasonId?: string;
}

/** '0' and '' both mean All: the API takes an absent id for that. */
const idParam = (id: string | undefined) => (id && id !== '0' ? id : undefined);

const getFilters = (p: FilterParents) =>
  api.get<FarmFilters>('/v1/filters', {
    params: { farmId: idParam(p.farmId), fieldId: idParam(p.fieldId), seasonId: idParam(p.seasonId) },
  });

export const filtersQuery = (p: FilterParents) => {
  const parents = { farmId: idParam(p.farmId), fieldId: idParam(p.fieldId), seasonId: idParam(p.seasonId) };
  return queryOptions({ queryKey: farmKey('filters', parents), queryFn: () => getFilters(parents) });
};

/** Options for cascading selectors: children limited to the chosen parents. Keeps the old lists while the new load. */
export const useFilterOptions = (p: FilterParents) => useQuery({ ...filtersQuery(p), placeholderData: keepPreviousData });
