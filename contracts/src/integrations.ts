// Partner integrations (issue 44): API keys an Admin issues to an organisation with a set of scopes,
// and webhooks that tell an organisation's endpoint about its orders, payments, fulfilments and payouts.
import { z } from 'zod';
import { requiredText } from './fields';

export const API_KEY_SCOPES = ['orders:read', 'products:read', 'products:write'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: 'is not a known scope' });
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export const ORG_KINDS = ['shop', 'farm', 'partner'] as const;
export const orgKindSchema = z.enum(ORG_KINDS, { error: 'must be shop, farm or partner' });
export type OrgKind = z.infer<typeof orgKindSchema>;

/** A shop or farm by its id; a partner (a cooperative, a lender) by its name alone. */
export const orgRefSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('shop'), id: z.uuid({ error: 'must be a shop id' }) }),
    z.strictObject({ kind: z.literal('farm'), id: z.uuid({ error: 'must be a farm id' }) }),
    z.strictObject({ kind: z.literal('partner'), name: requiredText(120) }),
  ],
  { error: 'must name a shop, a farm or a partner' },
);
export type OrgRef = z.infer<typeof orgRefSchema>;

export const orgSchema = z.object({ kind: orgKindSchema, id: z.string().nullable(), name: z.string() });
export type Org = z.infer<typeof orgSchema>;

export const WEBHOOK_EVENTS = ['order.placed', 'fulfilment.updated', 'payment.confirmed', 'payout.paid', 'payout.failed'] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: 'is not a known event' });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
/** Sent by "Send test event" only; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'test.ping';

const scopes = z
  .array(apiKeyScopeSchema, { error: 'must be a list of scopes' })
  .min(1, { error: 'must name at least one scope' })
  .max(API_KEY_SCOPES.length, { error: 'has too many scopes' })
  .refine((list) => new Set(list).size === list.length, { error: 'names a scope twice' });

/** POST /v1/admin/integrations/keys */
export const createApiKeySchema = z.strictObject({ org: orgRefSchema, name: requiredText(80), scopes });
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  org: orgSchema,
  name: z.string(),
  /** The first characters of the key, enough to recognise it (`sk_live_ab12…`). */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The creation's answer: the only time the whole key is shown. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const integrationIdParamsSchema = z.object({ id: z.uuid({ error: 'must be an id' }) });

const webhookUrl = requiredText(500).pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }));

/** POST /v1/admin/integrations/webhooks */
export const createWebhookSchema = z.strictObject({
  org: orgRefSchema,
  url: webhookUrl,
  events: z
    .array(webhookEventSchema, { error: 'must be a list of events' })
    .min(1, { error: 'must name at least one event' })
    .max(WEBHOOK_EVENTS.length, { error: 'has too many events' })
    .refine((list) => new Set(list).size === list.length, { error: 'names an event twice' }),
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  org: orgSchema,
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
/** The creation's answer: the signing secret is shown this once. */
export const createdWebhookSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status; null when it was not reached. */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const integrationsSchema = z.object({ keys: z.array(apiKeySchema), webhooks: z.array(webhookSchema) });
export type Integrations = z.infer<typeof integrationsSchema>;
export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/**
 * What a webhook POSTs (JSON). Header `ShambaSoko-Signature: t=<unix seconds>,v1=<hex>`, where v1 is
 * HMAC-SHA256 with the endpoint's secret over `<t>.<raw body>`; refuse a t older than 5 minutes.
 */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  type: z.union([webhookEventSchema, z.literal(WEBHOOK_TEST_EVENT)]),
  createdAt: z.string(),
  org: orgSchema,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
export const WEBHOOK_SIGNATURE_HEADER = 'shambasoko-signature';

// What a partner's key reaches (/v1/partner/*), a shop's key for its own shop.

export const partnerOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  amount: z.number().int(),
  createdAt: z.string(),
});
export const partnerOrderListSchema = z.object({ items: z.array(partnerOrderSchema) });
export type PartnerOrderList = z.infer<typeof partnerOrderListSchema>;

export const partnerProductSchema = z.object({ id: z.string(), title: z.string(), price: z.number().int(), stock: z.number().int() });
export const partnerProductListSchema = z.object({ items: z.array(partnerProductSchema) });
export type PartnerProductList = z.infer<typeof partnerProductListSchema>;

/** POST /v1/partner/products/:id/stock: a partner's stock count moves the listing's stock. */
export const partnerStockSchema = z.strictObject({
  delta: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(-100_000, { error: 'is too large' })
    .max(100_000, { error: 'is too large' })
    .refine((n) => n !== 0, { error: 'must not be zero' }),
  note: requiredText(200),
});
export type PartnerStock = z.infer<typeof partnerStockSchema>;
