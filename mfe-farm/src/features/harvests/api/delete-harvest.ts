import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const deleteHarvest = (id: string) => api.delete<unknown>(`/v1/harvests/${encodeURIComponent(id)}`);
export function useDeleteHarvest() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteHarvest, onSuccess: () => invalidate(client, ...AFFECTS.harvest) });
}
