import { z } from 'zod';
import { type Kysely, sql } from 'kysely';
import { formatKES } from '@shambasoko/contracts';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { type PaymentDeps, type Outcome, applyOutcome } from './service';
import {
  type NewEvent,
  type PaymentRow,
  PAYMENT_COLUMNS,
  claimStatusQuery,
  findPayments,
  insertEvent,
  lockPaymentByRef,
  updatePayment,
} from './repository';
import { maskPhone } from './view';
import { CALLBACK_PROBLEMS, type StkResult, readStkCallback } from './providers/daraja-callback';
import { type CardStatus, ProviderRefused, ProviderUnavailable, wholeShillings } from './providers/types';
import { forOperators } from '../../http/language';

/** Daraja's result codes: 0 paid, 1037 nobody answered; anything else (1032 cancelled, 1 no funds, 2001 wrong PIN) declined. */
function mpesaOutcome(code: string, desc: string, paid: { amount: number; receipt: string | null }): Outcome {
  if (code === '0') return { kind: 'paid', amount: paid.amount, receipt: paid.receipt, resultCode: code, resultDesc: desc };
  if (code === '1037' || code === '1019') return { kind: 'timed_out', resultCode: code, resultDesc: desc };
  return { kind: 'declined', resultCode: code, resultDesc: desc };
}

/** A callback that reads cleanly is applied; any other is flagged (and answered 200: Daraja wants an acknowledgement). */
function callbackOutcome(result: StkResult): Outcome {
  const { resultCode, amount } = result;
  if (result.problem === null && resultCode !== null && (resultCode !== '0' || amount !== null)) {
    return mpesaOutcome(resultCode, result.resultDesc, { amount: amount ?? 0, receipt: result.receipt });
  }
  const reason = result.problem ?? CALLBACK_PROBLEMS.resultCode;
  return { kind: 'flag', reason, amount, receipt: result.receipt, resultCode, resultDesc: result.resultDesc };
}

/**
 * Daraja's callback. Recorded once per CheckoutRequestID (the ledger's dedupe key): a replay, a
 * duplicate or an unknown id changes nothing.
 */
export async function mpesaCallback(db: Kysely<Database>, body: unknown): Promise<void> {
  const result = readStkCallback(body);
  if (result === null) throw new ApiError(400, 'This is not an M-Pesa result callback');
  await db.transaction().execute(async (trx) => {
    const payment = await lockPaymentByRef(trx, 'mpesa', result.checkoutRequestId);
    const fresh = await insertEvent(trx, {
      payment_id: payment?.id ?? null,
      order_id: payment?.order_id ?? null,
      kind: payment === undefined ? 'error' : 'callback',
      provider_ref: result.checkoutRequestId,
      amount: result.amount,
      result_code: result.resultCode,
      detail: {
        resultDesc: result.resultDesc,
        receipt: result.receipt,
        phone: result.phone === null ? null : maskPhone(result.phone),
        ...(result.problem === null ? {} : { problem: result.problem, given: result.raw }),
        ...(payment ? {} : { error: 'unknown CheckoutRequestID' }),
      },
      dedupe_key: `mpesa-callback:${result.checkoutRequestId}`,
    });
    if (!fresh || payment === undefined) return;
    await applyOutcome(trx, payment.id, callbackOutcome(result));
  });
}

const cardNotificationSchema = z.object({
  OrderTrackingId: z.string().min(1).max(100),
  OrderMerchantReference: z.string().max(100).optional().default(''),
  OrderNotificationType: z.string().max(40).optional().default('IPNCHANGE'),
});

/** Records what a provider said when asked about an attempt, and applies it, in one short transaction. */
async function settleWith(
  deps: PaymentDeps,
  payment: PaymentRow,
  now: Date,
  outcome: Outcome | null,
  event: Pick<NewEvent, 'kind' | 'amount' | 'result_code' | 'detail'>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await insertEvent(trx, { payment_id: payment.id, order_id: payment.order_id, provider_ref: payment.provider_ref, ...event });
    await updatePayment(trx, payment.id, { last_query_at: now, query_count: payment.query_count + 1 });
    if (outcome !== null) await applyOutcome(trx, payment.id, outcome);
  });
}

/** A hosted card page left open this long without paying counts as abandoned, so the order can expire. */
const CARD_ABANDONED_MS = 30 * 60_000;

const CARD_AMOUNT_UNREADABLE = forOperators('The card gateway reported an amount that is not whole shillings');

/** What a completed card payment's status answer means: paid, or flagged when its money is not what we asked. */
function cardPaidOutcome(status: CardStatus, payment: PaymentRow): Outcome {
  const amount = wholeShillings(status.amount);
  const last4 = status.account?.replace(/\D/g, '').slice(-4) ?? null;
  const answer = { receipt: status.confirmationCode, resultCode: '1', resultDesc: status.description };
  // We only ever ask for KES: money in another currency is not this order's amount, whatever the number.
  if (status.currency !== 'KES') {
    const reported = `${(status.currency ?? forOperators('no currency')).slice(0, 10)} ${String(status.amount).slice(0, 20)}`;
    return { kind: 'flag', reason: forOperators(`Reported ${reported} for an order of ${formatKES(payment.amount)}`), amount, ...answer };
  }
  if (amount === null) return { kind: 'flag', reason: CARD_AMOUNT_UNREADABLE, amount, ...answer };
  return { kind: 'paid', amount, brand: status.brand, last4: last4?.length === 4 ? last4 : null, ...answer };
}

/** Asks the card gateway about one attempt and applies the answer; a notification alone proves nothing. */
async function confirmCard(deps: PaymentDeps, payment: PaymentRow, now = new Date()): Promise<void> {
  const card = deps.providers.card;
  if (card === null || payment.provider_ref === null) return;
  const status = await card.transactionStatus(payment.provider_ref);
  const amount = wholeShillings(status.amount);
  const abandoned = now.getTime() - payment.created_at.getTime() >= CARD_ABANDONED_MS;
  const outcome: Outcome | null =
    status.statusCode === 1
      ? cardPaidOutcome(status, payment)
      : status.statusCode === 2
        ? { kind: 'declined', resultCode: '2', resultDesc: status.description }
        : abandoned
          ? {
              kind: 'timed_out',
              resultCode: String(status.statusCode),
              resultDesc: forOperators('The card payment page was not completed'),
            }
          : null;
  await settleWith(deps, payment, now, outcome, {
    kind: 'confirmation',
    amount,
    result_code: String(status.statusCode),
    detail: {
      status: status.description,
      brand: status.brand,
      code: status.confirmationCode,
      currency: status.currency,
      ...(amount === null ? { amountGiven: String(status.amount).slice(0, 40) } : {}),
    },
  });
}

/** Notifications within this long of the attempt's last status query ask nothing and record nothing. */
const NOTIFY_GAP_SECONDS = 10;

/**
 * The card gateway's IPN. Anyone can send one (the gateway signs nothing), so it is only a hint: an
 * unknown tracking id writes nothing, and a known one is recorded and confirmed with
 * GetTransactionStatus at most once per NOTIFY_GAP_SECONDS, whichever API process receives it.
 */
export async function cardNotification(deps: PaymentDeps, body: unknown) {
  const parsed = cardNotificationSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(400, 'This is not a card payment notification');
  const ipn = parsed.data;
  const answer = (status: number) => ({
    orderNotificationType: ipn.OrderNotificationType,
    orderTrackingId: ipn.OrderTrackingId,
    orderMerchantReference: ipn.OrderMerchantReference,
    status,
  });
  const payment = await deps.db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('method', '=', 'card')
    .where('provider_ref', '=', ipn.OrderTrackingId)
    .executeTakeFirst();
  if (payment === undefined) return answer(200);
  // Asked moments ago: a pending attempt answers 500 so the real gateway sends it again later.
  if (!(await claimStatusQuery(deps.db, payment.id, NOTIFY_GAP_SECONDS))) return answer(payment.status === 'pending' ? 500 : 200);
  await insertEvent(deps.db, {
    payment_id: payment.id,
    order_id: payment.order_id,
    kind: 'notification',
    provider_ref: ipn.OrderTrackingId,
    detail: { type: ipn.OrderNotificationType, reference: ipn.OrderMerchantReference },
  });
  try {
    await confirmCard(deps, payment);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    // The gateway sends the notification again when we do not answer 200.
    await insertEvent(deps.db, {
      payment_id: payment.id,
      order_id: payment.order_id,
      kind: 'error',
      detail: { message: error.message.slice(0, 200) },
    });
    return answer(500);
  }
  return answer(200);
}

// ---- Status queries: the reconcile job, and the confirmation page's "check now" --------------------

const QUERY_LIMIT = 10;
const QUERY_GIVE_UP_MS = 10 * 60_000;

/** One STK status query for a pending attempt, applied in its own short transaction. */
async function queryMpesa(deps: PaymentDeps, payment: PaymentRow, now: Date): Promise<void> {
  const mpesa = deps.providers.mpesa;
  if (mpesa === null || payment.provider_ref === null) return;
  let outcome: Outcome | null;
  let detail: Record<string, unknown>;
  let code: string | null;
  try {
    const answer = await mpesa.stkQuery(payment.provider_ref);
    if (answer.state === 'processing') {
      code = '500.001.1001';
      detail = { state: 'processing' };
      const tired = payment.query_count + 1 >= QUERY_LIMIT || now.getTime() - payment.created_at.getTime() >= QUERY_GIVE_UP_MS;
      outcome = tired ? { kind: 'timed_out', resultCode: code, resultDesc: forOperators('No answer after repeated status queries') } : null;
    } else {
      code = answer.resultCode;
      detail = { resultDesc: answer.resultDesc };
      // The query names no amount nor receipt: the attempt's own amount is what Daraja settled.
      outcome = mpesaOutcome(answer.resultCode, answer.resultDesc, { amount: payment.amount, receipt: null });
    }
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    code = null;
    detail = { error: error.name, message: error.message.slice(0, 200) };
    outcome = null;
  }
  await settleWith(deps, payment, now, outcome, { kind: 'query', result_code: code, detail });
}

async function settleOne(deps: PaymentDeps, payment: PaymentRow, now: Date): Promise<void> {
  if (payment.method === 'mpesa') await queryMpesa(deps, payment, now);
  else if (payment.method === 'card') {
    try {
      await confirmCard(deps, payment, now);
    } catch (error) {
      // Unreachable or refused: asked again at the next run.
      if (!(error instanceof ProviderUnavailable || error instanceof ProviderRefused)) throw error;
    }
  }
}

const CHECK_GAP_MS = 5_000;

/** POST /v1/orders/:id/payments/check: asks the provider now about the order's latest pending attempt. */
export async function checkPayment(deps: PaymentDeps, userId: string, orderId: string, now = new Date()): Promise<void> {
  const owned = await deps.db.selectFrom('orders').select('id').where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  if (owned === undefined) throw new ApiError(404, 'Order not found');
  const latest = (await findPayments(deps.db, [orderId])).find((p) => p.status === 'pending' && p.provider_ref !== null);
  if (latest === undefined) return;
  // At most one question per attempt every few seconds, however often the page asks.
  if (latest.last_query_at !== null && now.getTime() - latest.last_query_at.getTime() < CHECK_GAP_MS) return;
  // A prompt just sent cannot have an answer yet; Daraja also refuses queries that come too soon.
  if (latest.method === 'mpesa' && now.getTime() - latest.created_at.getTime() < CHECK_GAP_MS) return;
  await settleOne(deps, latest, now);
}

/** Pending attempts older than these are asked about by the reconcile job. */
const RECONCILE_AFTER_MS = { mpesa: 90_000, card: 120_000 };
const BATCH = 20;

/**
 * The reconcile job's work: status queries for attempts whose callback never came. Reads only, then
 * asks each provider with no transaction open, each answer applied in its own short transaction.
 */
export async function reconcilePayments(db: Kysely<Database>, deps: Omit<PaymentDeps, 'db'>, now = new Date()): Promise<number> {
  const full = { ...deps, db };
  const due = await db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb.and([eb('method', '=', 'mpesa'), eb('created_at', '<=', new Date(now.getTime() - RECONCILE_AFTER_MS.mpesa))]),
        eb.and([eb('method', '=', 'card'), eb('created_at', '<=', new Date(now.getTime() - RECONCILE_AFTER_MS.card))]),
      ]),
    )
    // Least recently asked first: attempts a provider cannot answer yet do not starve the newer ones.
    .orderBy(sql`last_query_at asc nulls first`)
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  for (const payment of due) {
    // A request that never got the provider's reference (the API stopped mid-request): nothing was asked.
    if (payment.provider_ref === null) {
      await updatePayment(db, payment.id, {
        status: 'failed',
        result_desc: forOperators('No answer from the provider was recorded'),
        settled_at: now,
      });
      continue;
    }
    await settleOne(full, payment, now);
  }
  return due.length;
}
