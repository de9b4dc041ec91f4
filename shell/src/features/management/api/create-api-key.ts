import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { CreateApiKey, CreatedApiKey } from '@shambasoko/contracts';

const createApiKey = (body: CreateApiKey) => api.post<CreatedApiKey>('/v1/admin/integrations/keys', body);

/** The answer carries the whole key, the only time it is shown: the page keeps it in memory, never in the cache. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'integrations'] }) });
}
