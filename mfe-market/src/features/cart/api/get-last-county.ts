import { useQuery } from '@tanstack/react-query';
import type { Order } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { isKenyaCounty } from '@shambasoko/contracts';

// The orders page's query key, so one cached answer serves both; the API lists newest first.
const getOrders = () => api.get<Order[]>('/v1/orders');

/** The county the signed-in buyer's last order went to; null for a guest, a first order, or until the answer is in. */
export function useLastCounty(userKey: string | null): string | null {
  const last = useQuery({
    queryKey: ['market', 'orders', userKey ?? ''],
    queryFn: getOrders,
    select: (orders: Order[]) => orders[0]?.shipping.state ?? null,
    staleTime: 60_000,
    enabled: userKey !== null,
  });
  return last.data && isKenyaCounty(last.data) ? last.data : null;
}
