import type { Farm, UpdateFarmInput } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const updateFarm = ({ farmId, input }: { farmId: string; input: UpdateFarmInput }) =>
  api.patch<Farm>(`/v1/farms/${encodeURIComponent(farmId)}`, input);
export function useUpdateFarm() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateFarm, onSuccess: () => invalidate(client, ...AFFECTS.farm) });
}
