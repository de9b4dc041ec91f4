import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type {
  CreateListingRequest,
  ListingPhoto,
  SellerListing,
  SellerListingPage,
  SellerListingQuery,
  UpdateListingRequest,
} from '@shambasoko/contracts';
import { useSellerKey } from './seller-keys';

const listingPath = (id: string) => `/v1/seller/products/${encodeURIComponent(id)}`;

export type ListingFilters = Omit<SellerListingQuery, 'page'> & { page?: number };
const getListings = (params: ListingFilters) => api.get<SellerListingPage>('/v1/seller/products', { params });
const listingsQuery = (key: readonly unknown[], params: ListingFilters) =>
  queryOptions({ queryKey: [...key, 'products', params], queryFn: () => getListings(params), placeholderData: keepPreviousData });
export const useListings = (params: ListingFilters) => useQuery(listingsQuery(useSellerKey(), params));

const getListing = (id: string) => api.get<SellerListing>(listingPath(id));
export const useListing = (id: string | null) => {
  const key = useSellerKey();
  return useQuery({ queryKey: [...key, 'product', id], queryFn: () => getListing(id ?? ''), enabled: id !== null });
};

/** Any change to a listing refreshes every seller view (lists, inventory, the listing itself). */
function useSellerMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  const key = useSellerKey();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreateListing = () =>
  useSellerMutation((body: CreateListingRequest) => api.post<SellerListing>('/v1/seller/products', body));
export const useUpdateListing = () =>
  useSellerMutation(({ id, body }: { id: string; body: UpdateListingRequest }) => api.patch<SellerListing>(listingPath(id), body));
export const useDeleteListing = () => useSellerMutation((id: string) => api.delete<{ id: string }>(listingPath(id)));

export const useUploadPhoto = () =>
  useSellerMutation(({ id, file }: { id: string; file: File }) => api.upload<SellerListing>(`${listingPath(id)}/photos`, file));
export const useRemovePhoto = () =>
  useSellerMutation(({ id, photo }: { id: string; photo: ListingPhoto }) =>
    api.delete<SellerListing>(`${listingPath(id)}/photos/${encodeURIComponent(photo.id)}`),
  );
