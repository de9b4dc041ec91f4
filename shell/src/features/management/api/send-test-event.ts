import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { WebhookDelivery } from '@shambasoko/contracts';

const sendTestEvent = (id: string) => api.post<WebhookDelivery>(`/v1/admin/integrations/webhooks/${encodeURIComponent(id)}/test`, {});

export function useSendTestEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSettled: (_data, _error, id) => client.invalidateQueries({ queryKey: ['admin', 'integrations', 'deliveries', id] }),
  });
}
