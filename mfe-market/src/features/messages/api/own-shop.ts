import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { SellerProfileAnswer } from '@shambasoko/contracts';
import { useShopper } from '../../../lib/session';

/** GET /v1/seller/profile: the signed-in user's own shop, if any (null for a buyer). */
const getOwnShop = () => api.get<SellerProfileAnswer>('/v1/seller/profile');

// The seller pages' key for the same answer, so the two share one request and one cache entry.
const ownShopQuery = (userKey: string) =>
  queryOptions({ queryKey: ['market', 'seller', userKey, 'profile'], queryFn: getOwnShop, staleTime: 5 * 60_000 });

/** The id of the signed-in user's shop: undefined while unknown, null for none (or a guest). */
export function useOwnShopId(): string | null | undefined {
  const { userKey } = useShopper();
  const query = useQuery({ ...ownShopQuery(userKey ?? ''), enabled: userKey !== null });
  if (userKey === null || query.isError) return null;
  return query.data === undefined ? undefined : (query.data.profile?.id ?? null);
}
