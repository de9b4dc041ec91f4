import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { WebhookDeliveryList } from '@shambasoko/contracts';

const getWebhookDeliveries = (id: string) =>
  api.get<WebhookDeliveryList>(`/v1/admin/integrations/webhooks/${encodeURIComponent(id)}/deliveries`);

const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'integrations', 'deliveries', id],
    queryFn: () => getWebhookDeliveries(id),
    // While something waits to be sent, look again shortly: the scheduler sends it within seconds.
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending' || d.status === 'sending') ? 2_000 : false),
  });

export const useWebhookDeliveries = (id: string) => useQuery(webhookDeliveriesQuery(id));
