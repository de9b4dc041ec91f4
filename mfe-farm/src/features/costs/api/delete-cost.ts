import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const deleteCost = (id: string) => api.delete<unknown>(`/v1/costs/${encodeURIComponent(id)}`);
export function useDeleteCost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteCost, onSuccess: () => invalidate(client, ...AFFECTS.cost) });
}
