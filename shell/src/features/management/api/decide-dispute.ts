import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Dispute, DisputeDecisionRequest } from '@shambasoko/contracts';

const decideDispute = ({ id, decision }: { id: string; decision: DisputeDecisionRequest }) =>
  api.post<Dispute>(`/v1/admin/disputes/${encodeURIComponent(id)}/decide`, decision);

export function useDecideDispute() {
  const client = useQueryClient();
  return useMutation({ mutationFn: decideDispute, onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
