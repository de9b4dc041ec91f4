import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AdminOverview } from '@shambasoko/contracts';

const getAdminOverview = () => api.get<AdminOverview>('/v1/admin/overview');

const adminOverviewQuery = () => queryOptions({ queryKey: ['admin', 'overview'], queryFn: getAdminOverview });

export const useAdminOverview = () => useQuery(adminOverviewQuery());
