import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const deleteCrop = (id: string) => api.delete<unknown>(`/v1/crops/${encodeURIComponent(id)}`);
export function useDeleteCrop() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteCrop, onSuccess: () => invalidate(client, ...AFFECTS.crop) });
}
