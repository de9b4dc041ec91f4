import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';

const verifySeller = (id: string) => api.put<unknown>(`/v1/admin/sellers/${encodeURIComponent(id)}/verified`, { verified: true });

export function useVerifySeller() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifySeller, onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
