import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const deleteFarmUser = (id: string) => api.delete<unknown>(`/v1/farm-users/${encodeURIComponent(id)}`);
export function useDeleteFarmUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteFarmUser, onSuccess: () => invalidate(client, ...AFFECTS.farmUser) });
}
