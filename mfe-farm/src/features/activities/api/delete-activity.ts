import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const deleteActivity = (id: string) => api.delete<unknown>(`/v1/activities/${encodeURIComponent(id)}`);
export function useDeleteActivity() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteActivity, onSuccess: () => invalidate(client, ...AFFECTS.activity) });
}
