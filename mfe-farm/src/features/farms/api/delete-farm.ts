import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, farmKey, invalidate } from '../../../lib/query-keys';

export const deleteFarm = (farmId: string) => api.delete<unknown>(`/v1/farms/${encodeURIComponent(farmId)}`);
export function useDeleteFarm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFarm,
    onSuccess: (_data, farmId) => {
      // The farm's own page must not refetch a farm that is gone (it would show "Farm not found").
      client.removeQueries({ queryKey: farmKey('farm', farmId) });
      return invalidate(client, ...AFFECTS.farm.filter((r) => r !== 'farm'));
    },
  });
}
