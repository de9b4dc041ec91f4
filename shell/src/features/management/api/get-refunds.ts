import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { ManualRefundList, ManualRefundState } from '@shambasoko/contracts';

const getManualRefunds = (state: ManualRefundState) => api.get<ManualRefundList>('/v1/admin/refunds', { params: { state } });

const manualRefundsQuery = (state: ManualRefundState) =>
  queryOptions({ queryKey: ['admin', 'refunds', state], queryFn: () => getManualRefunds(state) });

export const useManualRefunds = (state: ManualRefundState) => useQuery(manualRefundsQuery(state));
