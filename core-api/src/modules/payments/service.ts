import type { Kysely } from 'kysely';
import {
  MPESA_MAX_AMOUNT,
  MPESA_TOO_LARGE_MESSAGE,
  type ProviderPaymentMethod,
  type StartPaymentRequest,
  formatKES,
  orderNumber,
} from '@shambasoko/contracts';
import type { PaymentsConfig } from '../../config';
import type { Database, OrderShippingRow } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { countHit } from '../../http/rate-limit-store';
import { notify } from '../notifications';
import { orderSide } from './order-side';
import { type PaymentProviders, ProviderRefused } from './providers/types';
import { countPaymentOutcome } from '../../observability/metrics';
import { type PaymentRow, type PaymentUpdate, findPayments, insertEvent, insertPayment, lockPayment, updatePayment } from './repository';
import { PUSH_LIMITED_CODE, maskPhone } from './view';
import { forOperators } from '../../http/language';

export interface PaymentDeps {
  db: Kysely<Database>;
  providers: PaymentProviders;
  config: PaymentsConfig;
}

/** A second M-Pesa prompt while the first may still be on the phone would only confuse. */
const MPESA_PROMPT_MS = 90_000;
const MAX_ATTEMPTS = 10;
const ORDER_NOT_FOUND = 'Order not found';

const UNAVAILABLE: Record<ProviderPaymentMethod, string> = {
  mpesa: 'M-Pesa payments are not available right now. Please choose another way to pay.',
  card: 'Card payments are not available right now. Please choose another way to pay.',
};

const PHONE_LIMIT_MESSAGE =
  'Too many M-Pesa payment requests were sent to this phone number in the last few minutes. Please wait a few minutes and try again.';
const ACCOUNT_LIMIT_MESSAGE =
  'You have asked for too many M-Pesa payment requests in a short time. Please wait a few minutes and try again.';

/** An STK push refused by the per-phone or per-account limit: nothing was sent. */
class PushLimited extends ApiError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { retryAfterSeconds });
  }
}

/**
 * Counts one PIN prompt against its phone number and its account, in the caller's transaction (so a
 * refused or failed attempt rolls its hits back). The counters are rows of `rate_limits`: every API
 * process counts against the same ones, and the row lock makes concurrent pushes count exactly.
 */
async function countPush(trx: Kysely<Database>, limit: PaymentsConfig['pushLimit'], phone: string, userId: string): Promise<void> {
  const checks = [
    { key: `mpesa-push-phone:${phone.replace(/\D/g, '')}`, max: limit.perPhone, message: PHONE_LIMIT_MESSAGE },
    { key: `mpesa-push-user:${userId}`, max: limit.perAccount, message: ACCOUNT_LIMIT_MESSAGE },
  ];
  for (const { key, max, message } of checks) {
    const { current, ttl } = await countHit(trx, key, limit.windowMs);
    if (current > max) throw new PushLimited(message, Math.max(1, Math.ceil(ttl / 1000)));
  }
}

type Start = { method: 'mpesa'; phone: string } | { method: 'card' };

interface OrderForStart {
  id: string;
  number: number;
  total: number;
  status: string;
  shipping: OrderShippingRow;
}

/** The first attempt, or Try again: a pending row first (short transaction), then the provider, then its answer. */
async function beginAttempt(deps: PaymentDeps, userId: string, orderId: string, request: Start, guard: boolean): Promise<void> {
  if (deps.providers[request.method] === null) throw new ApiError(503, UNAVAILABLE[request.method]);
  const { payment, order } = await deps.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'number', 'total', 'status', 'shipping'])
      .where('id', '=', orderId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (order === undefined) throw new ApiError(404, ORDER_NOT_FOUND);
    if (order.status !== 'pending_payment') throw new ApiError(409, 'This order is not waiting for payment');
    // What the live parts still waiting cost now: a cancelled part, or one its seller confirmed paid, is not asked again.
    const due = await orderSide().amountDue(trx, orderId);
    if (due <= 0) throw new ApiError(409, 'This order is already paid');
    if (request.method === 'mpesa' && due > MPESA_MAX_AMOUNT) throw new ApiError(422, MPESA_TOO_LARGE_MESSAGE);
    if (guard) {
      const attempts = await findPayments(trx, [orderId]);
      if (attempts.length >= MAX_ATTEMPTS) {
        throw new ApiError(429, 'This order has had too many payment attempts. Please contact us, or place it again later.');
      }
      // A prompt for an amount no longer due does not hold the new one back.
      const prompt = attempts.find((a) => a.method === 'mpesa' && a.status === 'pending' && a.amount === due);
      if (prompt !== undefined && Date.now() - prompt.created_at.getTime() < MPESA_PROMPT_MS) {
        throw new ApiError(409, 'A payment request is already on your phone. Enter your M-Pesa PIN, or wait a minute and try again.');
      }
    }
    if (request.method === 'mpesa') await countPush(trx, deps.config.pushLimit, request.phone, userId);
    await trx.updateTable('orders').set({ payment_method: request.method }).where('id', '=', orderId).execute();
    const payment = await insertPayment(trx, {
      order_id: orderId,
      method: request.method,
      status: 'pending',
      amount: due,
      phone: request.method === 'mpesa' ? request.phone : null,
      created_by: userId,
    });
    await insertEvent(trx, {
      payment_id: payment.id,
      order_id: orderId,
      kind: 'request',
      amount: due,
      detail: request.method === 'mpesa' ? { phone: maskPhone(request.phone) } : {},
    });
    return { payment, order: order as OrderForStart };
  });
  // The provider is called with no transaction open: one connection (PGlite) must never wait on the network.
  await askProvider(deps, payment, order, request);
}

async function askProvider(deps: PaymentDeps, payment: PaymentRow, order: OrderForStart, request: Start): Promise<void> {
  const number = orderNumber(order.number);
  let change: PaymentUpdate;
  let event: { kind: 'response' | 'error'; provider_ref?: string; result_code?: string | null; detail: Record<string, unknown> };
  try {
    if (request.method === 'mpesa') {
      const mpesa = deps.providers.mpesa;
      const settings = deps.config.mpesa;
      if (mpesa === null || settings === null) throw new ProviderRefused(forOperators('not configured'), null);
      const answer = await mpesa.stkPush({
        phone: request.phone.replace(/\D/g, ''),
        amount: payment.amount,
        accountReference: number,
        description: 'ShambaSoko',
        callbackUrl: settings.callbackUrl,
      });
      change = { provider_ref: answer.checkoutRequestId, merchant_ref: answer.merchantRequestId };
      event = { kind: 'response', provider_ref: answer.checkoutRequestId, result_code: '0', detail: { message: answer.customerMessage } };
    } else {
      const card = deps.providers.card;
      const settings = deps.config.card;
      if (card === null || settings === null) throw new ProviderRefused(forOperators('not configured'), null);
      const [firstName = '', lastName = ''] = [order.shipping.firstName, order.shipping.lastName];
      const session = await card.submitOrder({
        merchantReference: `${number}-${payment.id.slice(0, 8)}`,
        amount: payment.amount,
        description: `ShambaSoko order ${number}`,
        callbackUrl: `${deps.config.publicAppUrl}/orders/${order.id}/confirmation`,
        ipnUrl: settings.ipnUrl,
        billing: { email: order.shipping.email, phone: order.shipping.phone, firstName, lastName },
      });
      change = { provider_ref: session.trackingId, merchant_ref: session.merchantReference, redirect_url: session.redirectUrl };
      event = { kind: 'response', provider_ref: session.trackingId, detail: { redirectUrl: session.redirectUrl } };
    }
  } catch (error) {
    const code = error instanceof ProviderRefused ? error.code : null;
    change = { status: 'failed', result_code: code, result_desc: (error as Error).message.slice(0, 200), settled_at: new Date() };
    event = { kind: 'error', result_code: code, detail: { error: (error as Error).name, message: (error as Error).message.slice(0, 200) } };
  }
  await deps.db.transaction().execute(async (trx) => {
    await updatePayment(trx, payment.id, change);
    await insertEvent(trx, { payment_id: payment.id, order_id: order.id, ...event });
  });
  if (change.status === 'failed') countPaymentOutcome(payment.method, 'failed');
}

/**
 * After POST /v1/orders committed a new order: M-Pesa prompts, card opens a hosted session; bank waits.
 * A prompt refused by the push limits leaves the order waiting, with a failed attempt saying why, and
 * answers how many seconds until a prompt may be sent again (null otherwise).
 */
export async function startFirstPayment(
  deps: PaymentDeps,
  userId: string,
  orderId: string,
  payment: { method: 'mpesa'; phone: string } | { method: 'card' } | { method: 'bank' },
): Promise<number | null> {
  if (payment.method === 'bank') return null;
  // An unconfigured method leaves the order unpaid: the confirmation page offers Try again.
  if (deps.providers[payment.method] === null) return null;
  try {
    await beginAttempt(deps, userId, orderId, payment, false);
    return null;
  } catch (error) {
    if (!(error instanceof PushLimited) || payment.method !== 'mpesa') throw error;
    await deps.db.transaction().execute(async (trx) => {
      const amount = await orderSide().amountDue(trx, orderId);
      const attempt = await insertPayment(trx, {
        order_id: orderId,
        method: 'mpesa',
        status: 'failed',
        amount,
        phone: payment.phone,
        created_by: userId,
        settled_at: new Date(),
        result_code: PUSH_LIMITED_CODE,
        result_desc: error.customerMessage,
      });
      await insertEvent(trx, {
        payment_id: attempt.id,
        order_id: orderId,
        kind: 'error',
        amount,
        result_code: PUSH_LIMITED_CODE,
        detail: { phone: maskPhone(payment.phone), message: error.customerMessage },
      });
    });
    return error.retryAfterSeconds ?? null;
  }
}

/** POST /v1/orders/:id/payments: Try again. */
export async function startPayment(deps: PaymentDeps, userId: string, orderId: string, request: StartPaymentRequest): Promise<void> {
  await beginAttempt(deps, userId, orderId, request as Start, true);
}

// ---- Results: callbacks, notifications, queries -------------------------------------------------

export type Outcome =
  | {
      kind: 'paid';
      amount: number;
      receipt: string | null;
      brand?: string | null;
      last4?: string | null;
      resultCode: string;
      resultDesc: string;
    }
  | { kind: 'declined' | 'timed_out'; resultCode: string; resultDesc: string }
  /** The provider's answer could not be read as a payment (no amount, a fraction, another currency). */
  | { kind: 'flag'; reason: string; amount: number | null; receipt: string | null; resultCode: string | null; resultDesc: string };

async function tellAdmins(trx: Kysely<Database>, number: string, flag: string): Promise<void> {
  const admins = await trx.selectFrom('account_roles').select('user_id').where('role', '=', 'Admin').execute();
  const title = 'Payment flagged on order {number}';
  for (const { user_id } of admins) {
    await notify(trx, { userId: user_id, type: 'payment_update', title, body: flag, values: { number }, link: '/payments/review' });
  }
}

/**
 * Applies what the provider said about an attempt, once, under the attempt's and the order's locks.
 * Paid stays paid (a late receipt is filled in); money reported after a decline or timeout still pays
 * an order that waits; money that does not match, or comes for an order no longer waiting, is flagged.
 */
export async function applyOutcome(trx: Kysely<Database>, paymentId: string, outcome: Outcome): Promise<void> {
  const payment = await lockPayment(trx, paymentId);
  if (payment === undefined) return;
  const settledAt = new Date();
  if (outcome.kind === 'flag') {
    await flagUnreadable(trx, payment, outcome, settledAt);
    return;
  }
  if (outcome.kind !== 'paid') {
    if (payment.status !== 'pending') return;
    await updatePayment(trx, payment.id, {
      status: outcome.kind,
      result_code: outcome.resultCode,
      result_desc: outcome.resultDesc,
      settled_at: settledAt,
    });
    countPaymentOutcome(payment.method, outcome.kind);
    return;
  }
  if (payment.status === 'paid') {
    if (payment.receipt === null && outcome.receipt !== null) await updatePayment(trx, payment.id, { receipt: outcome.receipt });
    return;
  }
  if (payment.status === 'flagged') return;
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'number', 'status'])
    .where('id', '=', payment.order_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const number = orderNumber(order.number);
  const reported = {
    reported_amount: outcome.amount,
    receipt: outcome.receipt,
    result_code: outcome.resultCode,
    result_desc: outcome.resultDesc,
  };
  let flag: string | null = null;
  // What is due now, not when the prompt was sent: a part cancelled (or paid by its seller) meanwhile
  // makes the money a wrong amount, for a person to sort out rather than to credit.
  const due = order.status === 'pending_payment' ? await orderSide().amountDue(trx, order.id) : 0;
  if (outcome.amount !== payment.amount) flag = `Reported ${formatKES(outcome.amount)} for an order of ${formatKES(payment.amount)}`;
  else if (order.status !== 'pending_payment')
    flag = `Paid ${formatKES(outcome.amount)} after the order was ${order.status.replace('_', ' ')}`;
  else if (outcome.amount !== due)
    flag = `Paid ${formatKES(outcome.amount)} while ${formatKES(due)} was due: the order changed after the request`;
  if (flag !== null) {
    await updatePayment(trx, payment.id, { ...reported, status: 'flagged', flag_reason: flag, settled_at: settledAt });
    countPaymentOutcome(payment.method, 'flagged');
    await insertEvent(trx, { payment_id: payment.id, order_id: order.id, kind: 'flag', amount: outcome.amount, detail: { reason: flag } });
    await tellAdmins(trx, number, flag);
    return;
  }
  await updatePayment(trx, payment.id, {
    ...reported,
    status: 'paid',
    card_brand: outcome.brand ?? null,
    card_last4: outcome.last4 ?? null,
    settled_at: settledAt,
  });
  countPaymentOutcome(payment.method, 'paid');
  const how = payment.method === 'mpesa' ? `M-Pesa${outcome.receipt ? ` receipt ${outcome.receipt}` : ''}` : 'Card';
  await orderSide().paymentSettled(trx, {
    orderId: order.id,
    note: `${how}, ${formatKES(outcome.amount)}.`,
    method: payment.method === 'bank' ? null : payment.method,
  });
}

/**
 * An answer that cannot be read as a payment: the attempt is flagged for the Admins, whatever it said.
 * A paid attempt stays paid (its money was confirmed before), but the odd answer still reaches them.
 */
async function flagUnreadable(
  trx: Kysely<Database>,
  payment: PaymentRow,
  outcome: Extract<Outcome, { kind: 'flag' }>,
  settledAt: Date,
): Promise<void> {
  if (payment.status === 'flagged') return;
  const order = await trx.selectFrom('orders').select(['id', 'number']).where('id', '=', payment.order_id).executeTakeFirstOrThrow();
  if (payment.status !== 'paid') {
    await updatePayment(trx, payment.id, {
      status: 'flagged',
      flag_reason: outcome.reason,
      reported_amount: outcome.amount,
      receipt: outcome.receipt,
      result_code: outcome.resultCode,
      result_desc: outcome.resultDesc.slice(0, 500),
      settled_at: settledAt,
    });
  }
  await insertEvent(trx, {
    payment_id: payment.id,
    order_id: order.id,
    kind: 'flag',
    amount: outcome.amount,
    detail: { reason: outcome.reason },
  });
  await tellAdmins(trx, orderNumber(order.number), outcome.reason);
}
