import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, StartPaymentRequest } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { orderKey } from './get-order';

/** POST /v1/orders/:id/payments: Try again, with a new M-Pesa prompt or a new hosted card page. */
const startPayment = (orderId: string, body: StartPaymentRequest) =>
  api.post<Order>(`/v1/orders/${encodeURIComponent(orderId)}/payments`, body);

/** Try again; the answer is the order with its new attempt, stored as the order's cached answer. */
export const useStartPayment = (userKey: string, orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartPaymentRequest) => startPayment(orderId, body),
    onSuccess: (order) => queryClient.setQueryData(orderKey(userKey, orderId), order),
  });
};
