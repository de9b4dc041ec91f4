import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { CommissionRates } from '@shambasoko/contracts';

const getCommissionRates = () => api.get<CommissionRates>('/v1/market/commission-rates');
// The same for everyone and rarely changed: read once a session is plenty.
const commissionRatesQuery = () =>
  queryOptions({ queryKey: ['market', 'commission-rates'], queryFn: getCommissionRates, staleTime: 60 * 60 * 1000 });

export const useCommissionRates = () => useQuery(commissionRatesQuery());
