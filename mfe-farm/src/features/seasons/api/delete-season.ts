import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const deleteSeason = (id: string) => api.delete<unknown>(`/v1/seasons/${encodeURIComponent(id)}`);
export function useDeleteSeason() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSeason, onSuccess: () => invalidate(client, ...AFFECTS.season) });
}
