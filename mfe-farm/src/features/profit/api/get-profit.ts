import type { FarmProfit } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

const getProfit = (farmId: string, seasonId: string | undefined) =>
  api.get<FarmProfit>(`/v1/farms/${encodeURIComponent(farmId)}/profit`, { params: seasonId ? { seasonId } : {} });
const profitQuery = (farmId: string, seasonId: string | undefined) =>
  queryOptions({ queryKey: farmKey('profit', farmId, seasonId ?? 'all'), queryFn: () => getProfit(farmId, seasonId) });
export const useProfit = (farmId: string, seasonId: string | undefined) =>
  useQuery({ ...profitQuery(farmId, seasonId), enabled: Boolean(farmId) });
