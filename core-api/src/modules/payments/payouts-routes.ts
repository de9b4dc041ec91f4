import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY,
  SELLER_ROLES,
  payoutListSchema,
  payoutRequestSchema,
  payoutSchema,
  payoutSettingsRequestSchema,
  payoutSettingsSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../auth/require-user';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError, ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { type DisbursementDeps, settleDisbursement } from './disbursements';
import { payoutList, payoutOf, requestPayoutFor, savePayoutSettings } from './payouts';
import { readB2cResult } from './providers/b2c-result';
import { paymentProviders } from './providers';
import { useDisbursements } from './refunds';
import { sameSecret } from './secret';

const tokenParams = z.object({ token: z.string().max(200) });
const b2cAnswerSchema = z.object({ ResultCode: z.number(), ResultDesc: z.string() });
const payoutHeaders = z.object({ 'idempotency-key': z.string().trim().regex(IDEMPOTENCY_KEY) });

function idempotencyKey(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (key === '') throw new ApiError(400, 'Idempotency-Key header is required');
  if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, 'Idempotency-Key must be 8 to 128 letters, digits or the characters _ . : -');
  return key;
}

/** The secret last path segment of MPESA_B2C_RESULT_URL (the timeout route shares it). */
function resultToken(config: Config): string | null {
  const url = config.payments.b2c?.resultUrl;
  return url === undefined ? null : (new URL(url).pathname.split('/').filter(Boolean).pop() ?? null);
}

/** Seller payouts and M-Pesa's B2C results (payouts and refunds). */
export const payoutRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  useDisbursements(config.payments);
  const deps: DisbursementDeps = { db, providers: paymentProviders(config.payments), config: config.payments };
  if (deps.providers.b2c === null) app.log.warn('M-Pesa payouts and refunds are off: set the MPESA_B2C_* settings (README, Payments).');

  app.get(
    '/v1/seller/payouts',
    validated({ role: SELLER_ROLES, response: payoutListSchema }, async ({ request }) =>
      ok(await payoutList(db, requireUser(request).id, config.payments)),
    ),
  );

  app.post(
    '/v1/seller/payouts',
    {
      // Signed out is 401 whatever the headers; then a client that forgot the key hears about the key.
      preHandler: async (request) => {
        requireUser(request);
        idempotencyKey(request);
      },
    },
    validated(
      { role: SELLER_ROLES, headers: payoutHeaders, body: payoutRequestSchema, response: payoutSchema, statuses: [201, 200] },
      async ({ headers, body, request, reply }) => {
        const { payout, created } = await requestPayoutFor(deps, requireUser(request).id, {
          amount: body.amount,
          requestKey: headers['idempotency-key'],
        });
        const message = payout.status === 'failed' ? 'M-Pesa refused the payout; the money is back in your balance.' : 'Payout requested';
        return reply.status(created ? 201 : 200).send(ok(payoutOf(payout), message));
      },
    ),
  );

  app.put(
    '/v1/seller/payout-settings',
    validated({ role: SELLER_ROLES, body: payoutSettingsRequestSchema, response: payoutSettingsSchema }, async ({ body, request }) =>
      ok(await savePayoutSettings(db, requireUser(request).id, body, config.payments), 'Payout settings saved'),
    ),
  );

  // Public and unsigned (Daraja signs nothing): the secret is the address. Replays settle nothing twice.
  for (const kind of ['result', 'timeout'] as const) {
    app.post(
      `/v1/payments/b2c/${kind}/:token`,
      validated(
        { access: 'public', params: tokenParams, response: b2cAnswerSchema, produces: ['application/json'] },
        async ({ params, request }) => {
          const expected = resultToken(config);
          if (expected === null || !sameSecret(params.token, expected)) throw new ApiError(404, 'Not found');
          const result = readB2cResult(request.body);
          if (result === null) throw new ApiError(400, 'Not a B2C result');
          // A queue timeout says only that M-Pesa did not get to it in time, not whether it paid: the
          // reconcile job's status query decides.
          if (kind === 'result') await settleDisbursement(db, result);
          else request.log.warn({ originator: result.originatorId }, 'B2C request timed out in the queue');
          return { ResultCode: 0, ResultDesc: 'Accepted' };
        },
      ),
    );
  }
};
