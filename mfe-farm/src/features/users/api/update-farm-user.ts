import type { FarmUser, UpdateFarmUserInput } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const updateFarmUser = ({ id, input }: { id: string; input: UpdateFarmUserInput }) =>
  api.patch<FarmUser>(`/v1/farm-users/${encodeURIComponent(id)}`, input);
export function useUpdateFarmUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateFarmUser, onSuccess: () => invalidate(client, ...AFFECTS.farmUser) });
}
