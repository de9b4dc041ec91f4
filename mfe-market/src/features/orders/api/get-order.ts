import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

const getOrder = (id: string) => api.get<Order>(`/v1/orders/${encodeURIComponent(id)}`);

/** POST /v1/orders/:id/payments/check: the API asks the provider now about the pending attempt. */
const checkPayment = (id: string) => api.post<Order>(`/v1/orders/${encodeURIComponent(id)}/payments/check`);

export const orderKey = (userKey: string, id: string) => ['market', 'orders', userKey, id] as const;

const orderQuery = (userKey: string, id: string) => queryOptions({ queryKey: orderKey(userKey, id), queryFn: () => getOrder(id) });

export const useOrder = (userKey: string | null, id: string) => useQuery({ ...orderQuery(userKey ?? '', id), enabled: userKey !== null });

/** Reads again every 2 s while a payment attempt is pending. */
const LIVE_REFETCH_MS = 2_000;
/** Asks the provider through the API every 10 s while pending (the API allows one check per 5 s). */
const LIVE_CHECK_MS = 10_000;

const isWaiting = (order: Order | undefined) => order?.payment.status === 'pending' && order.status === 'pending_payment';

/**
 * The order as it changes while its payment is pending: polled, and checked with the provider now
 * and then, both only while the tab is visible (TanStack Query pauses the polling of hidden tabs).
 * Stops once the payment is paid, refused or failed.
 */
export function useLiveOrder(userKey: string | null, id: string) {
  const queryClient = useQueryClient();
  const order = useQuery({
    ...orderQuery(userKey ?? '', id),
    enabled: userKey !== null,
    staleTime: 0,
    refetchInterval: (query) => (isWaiting(query.state.data) ? LIVE_REFETCH_MS : false),
  });
  const waiting = isWaiting(order.data);
  useEffect(() => {
    if (!waiting || userKey === null) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      checkPayment(id).then(
        (fresh) => queryClient.setQueryData(orderKey(userKey, id), fresh),
        () => undefined, // the next poll or check tries again
      );
    }, LIVE_CHECK_MS);
    return () => clearInterval(timer);
  }, [waiting, userKey, id, queryClient]);
  return order;
}
