import { api } from '@shambasoko/shared';
import type { HarvestListingRequest, SellerListing } from '@shambasoko/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { harvestListingQuery } from './get-harvest-listing';

const createHarvestListing = ({ cropId, input }: { cropId: string; input: HarvestListingRequest }) =>
  api.post<SellerListing>(`/v1/crops/${encodeURIComponent(cropId)}/harvest-listing`, input);

export function useCreateHarvestListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createHarvestListing,
    onSuccess: (_listing, { cropId }) => client.invalidateQueries({ queryKey: harvestListingQuery(cropId).queryKey }),
  });
}
