import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  type AdminPayment,
  adminPaymentListQuerySchema,
  formatKES,
  adminPaymentListSchema,
  orderParamsSchema,
  orderSchema,
  startPaymentRequestSchema,
  orderNumber,
} from '@shambasoko/contracts';
import { requireUser } from '../../auth/require-user';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError, ok } from '../../http/envelope';
import { routeLimit } from '../../http/rate-limit';
import { validated } from '../../http/validate';
import { orderSide } from './order-side';
import { paymentProviders } from './providers';
import { findEventsOf, findPaymentsByStatus } from './repository';
import type { PaymentDeps } from './service';
import { startPayment } from './service';
import { sameSecret } from './secret';
import { cardNotification, checkPayment, mpesaCallback } from './settle';
import { maskPhone, useBankDetails } from './view';

const tokenParams = z.object({ token: z.string().max(200) });
const mpesaAnswerSchema = z.object({ ResultCode: z.number(), ResultDesc: z.string() });
const cardAnswerSchema = z.object({
  orderNotificationType: z.string(),
  orderTrackingId: z.string(),
  orderMerchantReference: z.string(),
  status: z.number(),
});

const CARD_NOTIFY_RATE_LIMITED = 'Too many payment notifications. Please wait a minute and try again.';

/** The secret path segment of MPESA_CALLBACK_URL: Daraja signs nothing, so the address is the secret. */
function callbackToken(config: Config): string | null {
  const url = config.payments.mpesa?.callbackUrl;
  if (url === undefined) return null;
  return new URL(url).pathname.split('/').filter(Boolean).pop() ?? null;
}

function summaryOf(e: { kind: string; result_code: string | null; amount: number | null; detail: Record<string, unknown> }): string {
  const parts = [e.kind[0]?.toUpperCase() + e.kind.slice(1)];
  if (e.result_code !== null) parts.push(`result ${e.result_code}`);
  if (typeof e.detail.receipt === 'string') parts.push(`receipt ${e.detail.receipt}`);
  if (e.amount !== null) parts.push(formatKES(e.amount));
  for (const key of ['reason', 'resultDesc', 'status', 'message', 'error', 'role'] as const) {
    if (typeof e.detail[key] === 'string') parts.push(String(e.detail[key]));
  }
  return parts.join(', ');
}

/** Payments: Try again, check now, the providers' callbacks, and the Admin's review. */
export const paymentRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  useBankDetails(config.payments.bank);
  const deps: PaymentDeps = { db, providers: paymentProviders(config.payments), config: config.payments };
  if (deps.providers.mpesa === null) app.log.warn('M-Pesa payments are off: set the MPESA_* settings (README, Payments).');
  if (deps.providers.card === null) app.log.warn('Card payments are off: set the CARD_* settings (README, Payments).');

  // The caller is checked before the body is read: signed out is 401, whatever the body.
  const signedIn = { preHandler: async (request: FastifyRequest) => void requireUser(request) };

  app.post(
    '/v1/orders/:id/payments',
    signedIn,
    validated({ params: orderParamsSchema, body: startPaymentRequestSchema, response: orderSchema }, async ({ params, body, request }) => {
      const user = requireUser(request);
      await orderSide().orderFor(db, user.id, params.id);
      await startPayment(deps, user.id, params.id, body);
      return ok(await orderSide().orderFor(db, user.id, params.id));
    }),
  );

  app.post(
    '/v1/orders/:id/payments/check',
    signedIn,
    validated({ params: orderParamsSchema, response: orderSchema }, async ({ params, request }) => {
      const user = requireUser(request);
      await orderSide().orderFor(db, user.id, params.id);
      await checkPayment(deps, user.id, params.id);
      return ok(await orderSide().orderFor(db, user.id, params.id));
    }),
  );

  app.post(
    '/v1/payments/mpesa/callback/:token',
    validated(
      { access: 'public', params: tokenParams, response: mpesaAnswerSchema, produces: ['application/json'] },
      async ({ params, body: _body, request }) => {
        const expected = callbackToken(config);
        if (expected === null || !sameSecret(params.token, expected)) throw new ApiError(404, 'Not found');
        await mpesaCallback(db, request.body);
        return { ResultCode: 0, ResultDesc: 'Accepted' };
      },
    ),
  );

  // Public and unsigned: per address, so one sender cannot make us write and ask the gateway at will.
  const notifyLimit = { max: config.cardNotifyRateLimit, windowMs: 60_000, message: CARD_NOTIFY_RATE_LIMITED };
  app.post(
    '/v1/payments/card/notify',
    { config: { rateLimit: routeLimit(notifyLimit, (request) => `card-notify-ip:${request.ip}`) } },
    validated({ access: 'public', response: cardAnswerSchema, produces: ['application/json'] }, async ({ request }) => {
      if (deps.providers.card === null) throw new ApiError(404, 'Not found');
      return cardNotification(deps, request.body);
    }),
  );

  app.get(
    '/v1/admin/payments',
    validated({ role: 'Admin', query: adminPaymentListQuerySchema, response: adminPaymentListSchema }, async ({ query }) => {
      const rows = await findPaymentsByStatus(db, query.status, 100);
      const events = await findEventsOf(
        db,
        rows.map((r) => r.id),
      );
      const list: AdminPayment[] = rows.map((row) => ({
        id: row.id,
        orderId: row.order_id,
        orderNumber: orderNumber(row.order_number),
        method: row.method,
        status: row.status,
        amount: row.amount,
        reportedAmount: row.reported_amount,
        receipt: row.receipt,
        phone: maskPhone(row.phone),
        flagReason: row.flag_reason,
        createdAt: row.created_at.toISOString(),
        ledger: events
          .filter((e) => e.payment_id === row.id)
          .map((e) => ({
            kind: e.kind,
            providerRef: e.provider_ref,
            amount: e.amount,
            resultCode: e.result_code,
            summary: summaryOf(e),
            createdAt: e.created_at.toISOString(),
          })),
      }));
      return ok(list);
    }),
  );
};
