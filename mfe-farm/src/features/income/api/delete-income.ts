import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const deleteIncome = (id: string) => api.delete<unknown>(`/v1/income/${encodeURIComponent(id)}`);
export function useDeleteIncome() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteIncome, onSuccess: () => invalidate(client, ...AFFECTS.income) });
}
