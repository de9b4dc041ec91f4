import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetDeleted } from '../../../lib/query-keys';

const deleteFarm = (farmId: string) => api.delete<unknown>(`/v1/farms/${encodeURIComponent(farmId)}`);
export function useDeleteFarm() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteFarm, onSuccess: (_data, farmId) => forgetDeleted(client, 'farm', farmId) });
}
