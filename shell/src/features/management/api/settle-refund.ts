import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { ManualRefund, SettleRefund } from '@shambasoko/contracts';

const settleRefund = ({ fulfilmentId, ...body }: { fulfilmentId: string } & SettleRefund) =>
  api.post<ManualRefund>(`/v1/admin/refunds/${encodeURIComponent(fulfilmentId)}/settle`, body);

/** Settled: the refunds lists and the reconciliation figures both change. */
export function useSettleRefund() {
  const client = useQueryClient();
  return useMutation({ mutationFn: settleRefund, onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
