import type { Crop } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

const getCrop = (cropId: string) => api.get<Crop>(`/v1/crops/${encodeURIComponent(cropId)}`);
const cropQuery = (cropId: string) => queryOptions({ queryKey: farmKey('crops', 'one', cropId), queryFn: () => getCrop(cropId) });
export const useCrop = (cropId: string) => useQuery(cropQuery(cropId));
