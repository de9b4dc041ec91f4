import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { WebhookDelivery } from '@shambasoko/contracts';

const sendTestEvent = (id: string) => api.post<WebhookDelivery>(`/v1/admin/integrations/webhooks/${encodeURIComponent(id)}/test`, {});

export function useSendTestEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSettled: async (_data, _error, id) => {
      const queryKey = ['admin', 'integrations', 'deliveries', id];
      // The tap that sends also opens the log, whose first read may still be on its way, asked before
      // the event existed: an invalidation would only wait for that read. Drop it and read again.
      await client.cancelQueries({ queryKey });
      await client.invalidateQueries({ queryKey });
    },
  });
}
