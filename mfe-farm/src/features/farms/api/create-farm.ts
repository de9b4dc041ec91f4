import type { CreateFarmInput, Farm } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const createFarm = (input: CreateFarmInput) => api.post<Farm>('/v1/farms', input);
export function useCreateFarm() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createFarm, onSuccess: () => invalidate(client, ...AFFECTS.farm) });
}
