import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { OrderAftercare } from '@shambasoko/contracts';

const confirmDelivery = (orderId: string, fulfilmentId: string) =>
  api.post<OrderAftercare>(`/v1/orders/${encodeURIComponent(orderId)}/fulfilments/${encodeURIComponent(fulfilmentId)}/confirm-delivery`);

export const useConfirmDelivery = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fulfilmentId: string) => confirmDelivery(orderId, fulfilmentId),
    // The part's status and timeline change too (a dispatched part becomes delivered).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['market', 'orders'] }),
  });
};
