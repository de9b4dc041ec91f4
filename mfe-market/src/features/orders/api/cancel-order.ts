import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

/** Which cancel: the whole order (every part the buyer may still cancel), or one seller's part. */
export interface CancelTarget {
  orderId: string;
  fulfilmentId?: string;
}

const cancel = ({ orderId, fulfilmentId }: CancelTarget, body: { reason: string }) =>
  api.post<Order>(
    fulfilmentId
      ? `/v1/orders/${encodeURIComponent(orderId)}/fulfilments/${encodeURIComponent(fulfilmentId)}/cancel`
      : `/v1/orders/${encodeURIComponent(orderId)}/cancel`,
    body,
  );

export const useCancelOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, reason }: { target: CancelTarget; reason: string }) => cancel(target, { reason }),
    // The order, the list and the products' stock all change: the whole market cache is refetched.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['market'] }),
  });
};
