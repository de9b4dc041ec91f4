import type { PutBudgetInput } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const putBudget = (input: PutBudgetInput) => api.put<unknown>('/v1/budgets', input);
export function usePutBudget() {
  const client = useQueryClient();
  return useMutation({ mutationFn: putBudget, onSuccess: () => invalidate(client, ...AFFECTS.budget) });
}
