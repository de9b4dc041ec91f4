import type { Dashboard } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

const getDashboard = () => api.get<Dashboard>('/v1/dashboard');
export const dashboardQuery = () => queryOptions({ queryKey: farmKey('dashboard'), queryFn: getDashboard });
export const useDashboard = () => useQuery(dashboardQuery());
