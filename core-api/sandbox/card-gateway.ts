// A Pesapal API 3.0-style card gateway: token, IPN registration, order request, hosted page, IPN, status.
// Card numbers are checked in memory and never stored whole or logged.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CardForm, renderCardPage, returnUrl } from './card-page';
import type { SandboxCredentials } from './server';

export interface CardOrder {
  trackingId: string;
  merchantReference: string;
  amount: number;
  currency: string;
  description: string;
  callbackUrl: string;
  ipn: { url: string; type: 'POST' | 'GET' };
  createdDate: string;
  /** Pesapal's status_code: 0 not paid yet (INVALID), 1 completed, 2 failed. */
  statusCode: 0 | 1 | 2;
  paymentMethod: 'Visa' | 'Mastercard' | null;
  account: string | null;
  confirmationCode: string | null;
  resultDescription: string;
}

const TOKEN_MS = 5 * 60_000;
const DECLINED_CARD = '4000000000000002';
const NO_ERROR = { error_type: null, code: null, message: null };

const apiError = (reply: FastifyReply, status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  reply.code(status).send({ ...extra, error: { error_type: 'api_error', code, message }, status: String(status) });

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): CardOrder['paymentMethod'] {
  if (digits.startsWith('4')) return 'Visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  return null;
}

/** Checks the hosted form; returns the field errors, or the card's digits when all is well. */
function checkForm(form: CardForm, now = new Date()): { errors: Partial<Record<keyof CardForm, string>>; digits: string } {
  const errors: Partial<Record<keyof CardForm, string>> = {};
  const digits = (form.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = 'Enter a valid card number.';
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec((form.expiry ?? '').trim());
  if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY.';
  else {
    const endOfMonth = Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1);
    if (endOfMonth <= now.getTime()) errors.expiry = 'This card has expired.';
  }
  if (!/^\d{3,4}$/.test((form.cvv ?? '').trim())) errors.cvv = 'Enter the 3 or 4 digits on the back of the card.';
  const name = (form.name ?? '').trim();
  if (!name || name.length > 80) errors.name = 'Enter the name on the card.';
  return { errors, digits };
}

export function createCardGateway(options: { credentials: SandboxCredentials; publicUrl: () => string; log: (line: string) => void }) {
  const { credentials, log } = options;
  const tokens = new Map<string, number>();
  const ipns = new Map<string, CardOrder['ipn']>();
  const orders = new Map<string, CardOrder>();
  /** GetTransactionStatus calls per tracking id, so tests can count what the API asked. */
  const statusQueries = new Map<string, number>();

  const authorised = (request: FastifyRequest) => {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    const expires = match ? tokens.get(match[1]!) : undefined;
    return expires !== undefined && expires > Date.now();
  };
  const refuse = (reply: FastifyReply) => apiError(reply, 401, 'invalid_api_credentials_provided', 'Invalid or expired access token');

  async function notify(order: CardOrder): Promise<void> {
    const fields = {
      OrderTrackingId: order.trackingId,
      OrderMerchantReference: order.merchantReference,
      OrderNotificationType: 'IPNCHANGE',
    };
    try {
      const response =
        order.ipn.type === 'GET'
          ? await fetch(`${order.ipn.url}${order.ipn.url.includes('?') ? '&' : '?'}${new URLSearchParams(fields)}`, {
              signal: AbortSignal.timeout(10_000),
            })
          : await fetch(order.ipn.url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(fields),
              signal: AbortSignal.timeout(10_000),
            });
      await response.arrayBuffer();
      log(`card IPN ${order.trackingId} → ${response.status}`);
    } catch (error) {
      log(`card IPN ${order.trackingId} not delivered: ${(error as Error).message}`);
    }
  }

  function register(app: FastifyInstance) {
    app.post('/card/api/Auth/RequestToken', async (request, reply) => {
      const body = (request.body ?? {}) as { consumer_key?: unknown; consumer_secret?: unknown };
      if (body.consumer_key !== credentials.consumerKey || body.consumer_secret !== credentials.consumerSecret)
        return apiError(reply, 401, 'invalid_consumer_key_or_secret_provided', 'Invalid consumer_key or consumer_secret provided', {
          token: null,
          expiryDate: null,
        });
      const token = randomBytes(24).toString('base64url');
      const expires = Date.now() + TOKEN_MS;
      tokens.set(token, expires);
      return { token, expiryDate: new Date(expires).toISOString(), error: null, status: '200', message: 'Request processed successfully' };
    });

    app.post('/card/api/URLSetup/RegisterIPN', async (request, reply) => {
      if (!authorised(request)) return refuse(reply);
      const body = (request.body ?? {}) as { url?: unknown; ipn_notification_type?: unknown };
      if (!isHttpUrl(body.url)) return apiError(reply, 400, 'invalid_ipn_url', 'Provide a valid IPN url');
      const type = body.ipn_notification_type ?? 'GET';
      if (type !== 'POST' && type !== 'GET')
        return apiError(reply, 400, 'invalid_ipn_notification_type', 'ipn_notification_type is GET or POST');
      const ipnId = randomUUID();
      ipns.set(ipnId, { url: body.url, type });
      return {
        url: body.url,
        created_date: new Date().toISOString(),
        ipn_id: ipnId,
        notification_type: type === 'POST' ? 1 : 0,
        ipn_status: 1,
        error: null,
        status: '200',
      };
    });

    app.post('/card/api/Transactions/SubmitOrderRequest', async (request, reply) => {
      if (!authorised(request)) return refuse(reply);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const none = { order_tracking_id: null, merchant_reference: null, redirect_url: null };
      const bad = (field: string) => apiError(reply, 400, `invalid_${field}`, `Invalid ${field}`, none);
      if (typeof body.id !== 'string' || !body.id || body.id.length > 50) return bad('id');
      if (body.currency !== 'KES') return bad('currency');
      const amount = typeof body.amount === 'string' ? Number(body.amount) : body.amount;
      if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || Math.round(amount * 100) !== amount * 100)
        return bad('amount');
      if (typeof body.description !== 'string' || !body.description || body.description.length > 100) return bad('description');
      if (!isHttpUrl(body.callback_url)) return bad('callback_url');
      const ipn = typeof body.notification_id === 'string' ? ipns.get(body.notification_id) : undefined;
      if (!ipn) return bad('notification_id');
      const billing = body.billing_address as { email_address?: unknown; phone_number?: unknown } | undefined;
      if (!billing || typeof billing !== 'object' || (!billing.email_address && !billing.phone_number)) return bad('billing_address');

      const order: CardOrder = {
        trackingId: randomUUID(),
        merchantReference: body.id,
        amount,
        currency: 'KES',
        description: body.description,
        callbackUrl: body.callback_url,
        ipn,
        createdDate: new Date().toISOString(),
        statusCode: 0,
        paymentMethod: null,
        account: null,
        confirmationCode: null,
        resultDescription: 'The payment has not been completed.',
      };
      orders.set(order.trackingId, order);
      log(`card order ${order.trackingId}: KES ${amount} for ${order.merchantReference}`);
      return {
        order_tracking_id: order.trackingId,
        merchant_reference: order.merchantReference,
        redirect_url: `${options.publicUrl()}/card/pay/${order.trackingId}`,
        error: null,
        status: '200',
      };
    });

    app.get('/card/api/Transactions/GetTransactionStatus', async (request, reply) => {
      if (!authorised(request)) return refuse(reply);
      const { orderTrackingId } = request.query as { orderTrackingId?: string };
      if (orderTrackingId) statusQueries.set(orderTrackingId, (statusQueries.get(orderTrackingId) ?? 0) + 1);
      const order = orderTrackingId ? orders.get(orderTrackingId) : undefined;
      if (!order) return apiError(reply, 404, 'invalid_order_tracking_id', 'Unknown orderTrackingId');
      return {
        payment_method: order.paymentMethod,
        amount: order.amount,
        created_date: order.createdDate,
        confirmation_code: order.confirmationCode,
        payment_status_description: ['INVALID', 'Completed', 'Failed'][order.statusCode],
        description: order.resultDescription,
        message: 'Request processed successfully',
        payment_account: order.account,
        call_back_url: returnUrl(order),
        status_code: order.statusCode,
        merchant_reference: order.merchantReference,
        payment_status_code: '',
        currency: order.currency,
        error: NO_ERROR,
        status: '200',
      };
    });

    app.get('/card/pay/:trackingId', async (request, reply) => {
      const order = orders.get((request.params as { trackingId: string }).trackingId);
      return renderCardPage(reply, order, {});
    });

    app.post('/card/pay/:trackingId', async (request, reply) => {
      const order = orders.get((request.params as { trackingId: string }).trackingId);
      if (!order || order.statusCode === 1) return renderCardPage(reply, order, {}, 409);
      const form = (request.body ?? {}) as CardForm;
      const { errors, digits } = checkForm(form);
      if (Object.keys(errors).length) return renderCardPage(reply, order, { form, errors }, 400);
      const declined = digits === DECLINED_CARD;
      order.statusCode = declined ? 2 : 1;
      order.paymentMethod = brandOf(digits);
      order.account = `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
      order.confirmationCode = declined ? null : randomBytes(5).toString('hex').toUpperCase() + String(randomInt(10, 100));
      order.resultDescription = declined ? 'Card declined by the issuer.' : 'Payment completed.';
      log(`card order ${order.trackingId} ${declined ? 'declined' : 'paid'} (${order.account})`);
      await notify(order);
      return reply.redirect(returnUrl(order), 303);
    });
  }

  return {
    register,
    statusQueries: (trackingId: string) => statusQueries.get(trackingId) ?? 0,
    /** Makes GetTransactionStatus report another currency for this order (the currency test). */
    reportCurrency(trackingId: string, currency: string) {
      const order = orders.get(trackingId);
      if (!order) throw new Error(`No card order ${trackingId}`);
      order.currency = currency;
    },
  };
}
