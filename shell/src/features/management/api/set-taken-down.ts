import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AdminProduct, AdminReason } from '@shambasoko/contracts';

const setTakenDown = ({ id, down, reason }: { id: string; down: boolean } & AdminReason) =>
  api.post<AdminProduct>(`/v1/admin/products/${encodeURIComponent(id)}/${down ? 'take-down' : 'restore'}`, { reason });

export function useSetTakenDown() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setTakenDown, onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
