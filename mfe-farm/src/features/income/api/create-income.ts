import type { CreateIncomeInput, IncomeEntry } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const createIncome = (cropId: string, input: CreateIncomeInput) =>
  api.post<IncomeEntry>(`/v1/crops/${encodeURIComponent(cropId)}/income`, input);
export function useCreateIncome(cropId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateIncomeInput) => createIncome(cropId, input),
    onSuccess: () => invalidate(client, ...AFFECTS.income),
  });
}
