import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { DisputePage } from '@shambasoko/contracts';

export type DisputeFilter = 'open' | 'decided';

const getAdminDisputes = (status: DisputeFilter) => api.get<DisputePage>('/v1/admin/disputes', { params: { status } });

const adminDisputesQuery = (status: DisputeFilter) =>
  queryOptions({ queryKey: ['admin', 'disputes', status], queryFn: () => getAdminDisputes(status) });

export const useAdminDisputes = (status: DisputeFilter) => useQuery(adminDisputesQuery(status));
