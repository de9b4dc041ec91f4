import { api } from '@shambasoko/shared';

export const setFavourite = ({ productId, favourite }: { productId: string; favourite: boolean }) =>
  favourite
    ? api.put<unknown>(`/v1/favourites/${encodeURIComponent(productId)}`)
    : api.delete<unknown>(`/v1/favourites/${encodeURIComponent(productId)}`);
