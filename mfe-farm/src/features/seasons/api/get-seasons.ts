import type { Season, ListQuery, Paginated } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';
import { useSavedNarrowing } from '../../../lib/saved-narrowing';

export type SeasonsQuery = ListQuery & { farmId?: string; fieldId?: string; status?: string };

const getSeasons = (params: SeasonsQuery) => api.get<Paginated<Season>>('/v1/seasons', { params: { ...params } });
const seasonsQuery = (params: SeasonsQuery) => queryOptions({ queryKey: farmKey('seasons', params), queryFn: () => getSeasons(params) });
export const useSeasons = (params: SeasonsQuery, enabled = true) =>
  useQuery({ ...seasonsQuery(params), placeholderData: useSavedNarrowing<Paginated<Season>>('seasons', params), enabled });
