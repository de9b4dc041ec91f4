import type { Cost, UpdateCostInput } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const updateCost = ({ id, input }: { id: string; input: UpdateCostInput }) => api.patch<Cost>(`/v1/costs/${encodeURIComponent(id)}`, input);
export function useUpdateCost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateCost, onSuccess: () => invalidate(client, ...AFFECTS.cost) });
}
