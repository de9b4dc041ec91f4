import type { MyActivities } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

// Under 'activities', so every activity write (AFFECTS.activity) refreshes it too.
const getMyActivities = () => api.get<MyActivities>('/v1/activities/mine');
export const myActivitiesQuery = () => queryOptions({ queryKey: farmKey('activities', 'mine'), queryFn: getMyActivities });
export const useMyActivities = () => useQuery(myActivitiesQuery());
