import type { CostsTotal } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';
import type { CostsQuery } from './get-costs';

// Keyed under 'costs' so every cost write (AFFECTS.cost) refreshes it with the list.
const getCostsTotal = (params: CostsQuery) => api.get<CostsTotal>('/v1/costs/total', { params: { ...params } });
export const useCostsTotal = (params: CostsQuery) =>
  useQuery({ queryKey: farmKey('costs', 'total', params), queryFn: () => getCostsTotal(params), placeholderData: keepPreviousData });
