import type { CreateFarmUserInput, FarmUser } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

/** Links an existing account by e-mail, else records a pending invitation (status 'invited'). */
const createFarmUser = ({ farmId, input }: { farmId: string; input: CreateFarmUserInput }) =>
  api.post<FarmUser>(`/v1/farms/${encodeURIComponent(farmId)}/users`, input);
export function useCreateFarmUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createFarmUser, onSuccess: () => invalidate(client, ...AFFECTS.farmUser) });
}
