import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { ApiKey } from '@shambasoko/contracts';

const revokeApiKey = (id: string) => api.post<ApiKey>(`/v1/admin/integrations/keys/${encodeURIComponent(id)}/revoke`, {});

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'integrations'] }) });
}
