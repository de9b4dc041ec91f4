// Partner integrations' public interface: the market and payments queue webhook events through it.
export { enqueueWebhookEvent, webhookListensSql } from './webhooks';
