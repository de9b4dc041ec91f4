import { api, type Farm } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

const getFarm = (farmId: string) => api.get<Farm>(`/v1/farms/${encodeURIComponent(farmId)}`);
const farmQuery = (farmId: string) => queryOptions({ queryKey: farmKey('farm', farmId), queryFn: () => getFarm(farmId) });
export const useFarm = (farmId: string | undefined) => useQuery({ ...farmQuery(farmId ?? ''), enabled: Boolean(farmId) });
