import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  createdWebhookSchema,
  createWebhookSchema,
  integrationIdParamsSchema,
  integrationsSchema,
  orderNumber,
  partnerOrderListSchema,
  partnerProductListSchema,
  partnerProductSchema,
  partnerStockSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookSchema,
} from '@shambasoko/contracts';
import type { ApiKeyCaller } from '../../auth/api-keys';
import { requireUser } from '../../auth/require-user';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError, ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { adjustStockForShop } from '../market';
import { createApiKey, createWebhook, deliveries, disableWebhook, listIntegrations, revokeApiKey, sendTestEvent } from './service';
import { deliverWebhooks } from './webhooks';

const KEY_NOT_FOR_SHOP = 'This API key does not belong to a shop.';
const PRODUCT_NOT_FOUND = 'We could not find that listing.';

/** A shop's key reaches its own shop only; a farm's or a partner's key has no shop data. */
async function shopOf(request: FastifyRequest, scope: Parameters<FastifyRequest['server']['requireApiKey']>[1]): Promise<string> {
  const key: ApiKeyCaller = await request.server.requireApiKey(request, scope);
  if (key.orgKind !== 'shop' || key.orgId === null) throw new ApiError(403, KEY_NOT_FOR_SHOP);
  return key.orgId;
}

/** External › Integrations (Admin), and what a partner's key reaches under /v1/partner. */
export const integrationRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  const production = config.nodeEnv === 'production';

  app.get(
    '/v1/admin/integrations',
    validated({ role: 'Admin', response: integrationsSchema }, async () => ok(await listIntegrations(db))),
  );

  app.post(
    '/v1/admin/integrations/keys',
    validated(
      { role: 'Admin', body: createApiKeySchema, response: createdApiKeySchema, statuses: [201] },
      async ({ body, request, reply }) =>
        reply
          .code(201)
          .send(ok(await createApiKey(db, requireUser(request).id, body), 'API key created. Copy it now: it will not be shown again.')),
    ),
  );

  app.post(
    '/v1/admin/integrations/keys/:id/revoke',
    validated({ role: 'Admin', params: integrationIdParamsSchema, response: apiKeySchema }, async ({ params, request }) =>
      ok(await revokeApiKey(db, requireUser(request).id, params.id), 'API key revoked'),
    ),
  );

  app.post(
    '/v1/admin/integrations/webhooks',
    validated(
      { role: 'Admin', body: createWebhookSchema, response: createdWebhookSchema, statuses: [201] },
      async ({ body, request, reply }) =>
        reply
          .code(201)
          .send(
            ok(
              await createWebhook(db, requireUser(request).id, body, production, config.webhookPrivateNetworks),
              'Webhook added. Copy its signing secret now.',
            ),
          ),
    ),
  );

  app.post(
    '/v1/admin/integrations/webhooks/:id/disable',
    validated({ role: 'Admin', params: integrationIdParamsSchema, response: webhookSchema }, async ({ params, request }) =>
      ok(await disableWebhook(db, requireUser(request).id, params.id), 'Webhook turned off'),
    ),
  );

  app.get(
    '/v1/admin/integrations/webhooks/:id/deliveries',
    validated({ role: 'Admin', params: integrationIdParamsSchema, response: webhookDeliveryListSchema }, async ({ params }) =>
      ok({ items: await deliveries(db, params.id) }),
    ),
  );

  app.post(
    '/v1/admin/integrations/webhooks/:id/test',
    validated({ role: 'Admin', params: integrationIdParamsSchema, response: webhookDeliverySchema }, async ({ params, request }) => {
      const delivery = await sendTestEvent(db, params.id);
      // Sent now rather than at the next tick; the claim still keeps it to one delivery.
      setImmediate(
        () =>
          void deliverWebhooks(db, { privateNetworks: config.webhookPrivateNetworks }).catch((err: unknown) =>
            request.log.error({ err }, 'test webhook delivery failed'),
          ),
      );
      return ok(delivery, 'Test event queued');
    }),
  );

  app.get(
    '/v1/partner/orders',
    validated({ access: 'api-key', scope: 'orders:read', response: partnerOrderListSchema }, async ({ request }) => {
      const sellerId = await shopOf(request, 'orders:read');
      const rows = await db
        .selectFrom('order_fulfilments as f')
        .innerJoin('orders as o', 'o.id', 'f.order_id')
        .select(['f.order_id', 'o.number', 'f.status', 'f.subtotal', 'f.discount', 'f.delivery_fee', 'f.created_at'])
        .where('f.seller_id', '=', sellerId)
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id')
        .limit(50)
        .execute();
      return ok({
        items: rows.map((r) => ({
          orderId: r.order_id,
          orderNumber: orderNumber(r.number),
          status: r.status,
          amount: r.subtotal - r.discount + r.delivery_fee,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      });
    }),
  );

  app.get(
    '/v1/partner/products',
    validated({ access: 'api-key', scope: 'products:read', response: partnerProductListSchema }, async ({ request }) => {
      const sellerId = await shopOf(request, 'products:read');
      const rows = await db
        .selectFrom('products')
        .select(['id', 'name', 'price', 'stock_quantity'])
        .where('seller_id', '=', sellerId)
        .where('status', '<>', 'deleted')
        .orderBy('name')
        .orderBy('id')
        .limit(200)
        .execute();
      return ok({ items: rows.map((r) => ({ id: r.id, title: r.name, price: r.price, stock: r.stock_quantity })) });
    }),
  );

  app.post(
    '/v1/partner/products/:id/stock',
    validated(
      {
        access: 'api-key',
        scope: 'products:write',
        params: integrationIdParamsSchema,
        body: partnerStockSchema,
        response: partnerProductSchema,
      },
      async ({ request, params, body }) => {
        const sellerId = await shopOf(request, 'products:write');
        const moved = await adjustStockForShop(db, sellerId, params.id, body);
        if (moved === null) throw new ApiError(404, PRODUCT_NOT_FOUND);
        const row = await db
          .selectFrom('products')
          .select(['id', 'name', 'price', 'stock_quantity'])
          .where('id', '=', params.id)
          .executeTakeFirstOrThrow();
        return ok({ id: row.id, title: row.name, price: row.price, stock: row.stock_quantity }, 'Stock updated');
      },
    ),
  );
};
