import { api, type CreateCostInput, type Cost } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const createCost = (input: CreateCostInput) => api.post<Cost>('/v1/costs', input);
export function useCreateCost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCost, onSuccess: () => invalidate(client, ...AFFECTS.cost) });
}
