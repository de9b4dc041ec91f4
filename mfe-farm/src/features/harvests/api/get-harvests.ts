import type { CropHarvests } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

const getHarvests = (cropId: string) => api.get<CropHarvests>(`/v1/crops/${encodeURIComponent(cropId)}/harvests`);
// The filters part of the key ({ cropId }) lets a harvest queued offline show in this list.
const harvestsQuery = (cropId: string) => queryOptions({ queryKey: farmKey('harvests', { cropId }), queryFn: () => getHarvests(cropId) });
export const useHarvests = (cropId: string) => useQuery(harvestsQuery(cropId));
