import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY,
  orderListSchema,
  orderParamsSchema,
  orderQuoteRequestSchema,
  orderQuoteSchema,
  orderSchema,
  placeOrderRequestSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ApiError, ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import type { CatalogCache } from '../catalog/cache';
import type { Config } from '../../../config';
import { type OrderRules, getOrder, listOrders, placeOrder, quoteOrder } from './service';
import { durationText } from './status';
import { paymentProviders, startFirstPayment } from '../../payments';

const orderParams = orderParamsSchema;
/** Checked with its own messages first (below); declared so the document shows it. */
const placeOrderHeaders = z.object({ 'idempotency-key': z.string().trim().regex(IDEMPOTENCY_KEY) });

function idempotencyKey(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (key === '') throw new ApiError(400, 'Idempotency-Key header is required');
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(400, 'Idempotency-Key must be 8 to 128 letters, digits or the characters _ . : -');
  }
  return key;
}

const PAYMENT_OFF = {
  mpesa: 'M-Pesa payments are not available right now. Please choose another way to pay.',
  card: 'Card payments are not available right now. Please choose another way to pay.',
};

const ORDER_RATE_LIMITED = (limit: Config['orderRateLimit']) =>
  `You have placed too many orders in a short time (at most ${limit.perUser} every ${durationText(limit.windowMs)}). Please wait a few minutes and try again.`;

export const orderRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache; config: Config }> = async (
  app,
  { db, cache, config },
) => {
  // Unpaid orders hold stock until they expire: without a limit, one account could hold it all.
  // Counted in the shared rate_limits table by the statement that claims the Idempotency-Key, and only
  // when the key is new (a replay does not count): a route-level limit cannot see that far.
  const rules: OrderRules = {
    paymentWindowMs: config.orderPaymentWindowMs,
    orderLimit: { ...config.orderRateLimit, message: ORDER_RATE_LIMITED(config.orderRateLimit) },
  };

  const payments = { db, providers: paymentProviders(config.payments), config: config.payments };

  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.post(
    '/v1/orders',
    {
      // Checked before the body, so a client that forgot the key hears about the key.
      preHandler: async (request) => {
        idempotencyKey(request);
      },
    },
    validated(
      { headers: placeOrderHeaders, body: placeOrderRequestSchema, response: orderSchema, statuses: [201, 200] },
      async ({ headers, body, request, reply }) => {
        const user = requireUser(request);
        const method = body.payment.method;
        // A method switched off (production without its settings) is refused before anything is held.
        if (method !== 'bank' && payments.providers[method] === null) throw new ApiError(503, PAYMENT_OFF[method]);
        const { orderId, created } = await placeOrder(db, cache, user.id, headers['idempotency-key'], body, rules);
        if (!created) return reply.status(200).send(ok(await getOrder(db, user.id, orderId), 'Order placed successfully!'));
        // After the commit, never inside it: the provider is a network call. A failure is recorded on
        // the attempt (the answer says so, with Try again); the order stands either way.
        const retryAfter = await startFirstPayment(payments, user.id, orderId, body.payment);
        // The order stands when the push limits held its prompt back: its payment says so, and when to try again.
        if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
        return reply.status(201).send(ok(await getOrder(db, user.id, orderId), 'Order placed successfully!'));
      },
    ),
  );

  app.post(
    '/v1/orders/quote',
    validated({ body: orderQuoteRequestSchema, response: orderQuoteSchema }, async ({ body, request }) =>
      ok(await quoteOrder(db, requireUser(request).id, body)),
    ),
  );

  app.get(
    '/v1/orders',
    validated({ response: orderListSchema }, async ({ request }) => ok(await listOrders(db, requireUser(request).id))),
  );

  app.get(
    '/v1/orders/:id',
    validated({ params: orderParams, response: orderSchema }, async ({ params, request }) =>
      ok(await getOrder(db, requireUser(request).id, params.id)),
    ),
  );
};
