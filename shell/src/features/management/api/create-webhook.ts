import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { CreatedWebhook, CreateWebhook } from '@shambasoko/contracts';

const createWebhook = (body: CreateWebhook) => api.post<CreatedWebhook>('/v1/admin/integrations/webhooks', body);

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'integrations'] }) });
}
