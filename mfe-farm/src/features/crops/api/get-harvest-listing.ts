import { api } from '@shambasoko/shared';
import type { HarvestListingDraft } from '@shambasoko/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

const getHarvestListing = (cropId: string) => api.get<HarvestListingDraft>(`/v1/crops/${encodeURIComponent(cropId)}/harvest-listing`);
export const harvestListingQuery = (cropId: string) =>
  queryOptions({ queryKey: farmKey('crops', 'harvest-listing', cropId), queryFn: () => getHarvestListing(cropId) });
// Asked again each time the dialog opens and the page regains focus: a seller profile made meanwhile (in
// the market remote, which cannot reach this query) must show at once, not after a reload.
export const useHarvestListing = (cropId: string) =>
  useQuery({ ...harvestListingQuery(cropId), refetchOnMount: 'always', refetchOnWindowFocus: 'always' });
