import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AdminAccount, AdminReason } from '@shambasoko/contracts';

const setSuspended = ({ id, suspend, reason }: { id: string; suspend: boolean } & AdminReason) =>
  api.post<AdminAccount>(`/v1/admin/accounts/${encodeURIComponent(id)}/${suspend ? 'suspend' : 'restore'}`, { reason });

/** Suspend or restore; the account, the lists and its history are read again after. */
export function useSetSuspended() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setSuspended, onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
