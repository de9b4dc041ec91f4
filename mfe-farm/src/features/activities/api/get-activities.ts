import type { Activity, ListQuery, Paginated } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';
import { useSavedNarrowing } from '../../../lib/saved-narrowing';

export type ActivitiesQuery = ListQuery & {
  farmId?: string;
  fieldId?: string;
  seasonId?: string;
  cropId?: string;
  userId?: string;
  status?: string;
};

const getActivities = (params: ActivitiesQuery) => api.get<Paginated<Activity>>('/v1/activities', { params: { ...params } });
const activitiesQuery = (params: ActivitiesQuery) =>
  queryOptions({ queryKey: farmKey('activities', params), queryFn: () => getActivities(params) });
export const useActivities = (params: ActivitiesQuery, enabled = true) =>
  useQuery({ ...activitiesQuery(params), placeholderData: useSavedNarrowing<Paginated<Activity>>('activities', params), enabled });
