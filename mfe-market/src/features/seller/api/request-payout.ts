import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Payout, PayoutRequest } from '@shambasoko/contracts';
import { useSellerKey } from './seller-keys';

/** POST /v1/seller/payouts; the key makes a double click or a retry the same payout. */
const requestPayout = ({ body, idempotencyKey }: { body: PayoutRequest; idempotencyKey: string }) =>
  api.post<Payout>('/v1/seller/payouts', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export function useRequestPayout() {
  const client = useQueryClient();
  const key = useSellerKey();
  return useMutation({ mutationFn: requestPayout, onSettled: () => client.invalidateQueries({ queryKey: key }) });
}
