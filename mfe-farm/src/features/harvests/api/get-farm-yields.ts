import type { FarmYields } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

const getFarmYields = (farmId: string, seasonId: string | undefined) =>
  api.get<FarmYields>(`/v1/farms/${encodeURIComponent(farmId)}/yields`, { params: seasonId ? { seasonId } : {} });
const farmYieldsQuery = (farmId: string, seasonId: string | undefined) =>
  queryOptions({ queryKey: farmKey('harvests', 'yields', farmId, seasonId ?? 'all'), queryFn: () => getFarmYields(farmId, seasonId) });
export const useFarmYields = (farmId: string, seasonId: string | undefined) =>
  useQuery({ ...farmYieldsQuery(farmId, seasonId), enabled: Boolean(farmId) });
