// Money out by M-Pesa B2C: a row per payout or refund, sent after the transaction that created it
// commits, settled once by the result callback or the reconcile job's status query.
import { type Kysely, type Selectable, sql } from 'kysely';
import { formatKES, orderNumber } from '@shambasoko/contracts';
import type { B2cSettings, PaymentsConfig } from '../../config';
import type { Database } from '../../db/schema';
import { enqueueWebhookEvent } from '../integrations';
import { notify } from '../notifications';
import { recordMoneyOut } from './ledger';
import { type B2cResult } from './providers/b2c-result';
import { type PaymentProviders, ProviderRefused } from './providers/types';
import { maskPhone } from './view';
import { forOperators } from '../../http/language';

export type DisbursementRow = Selectable<Database['disbursements']>;

export interface DisbursementDeps {
  db: Kysely<Database>;
  providers: PaymentProviders;
  config: PaymentsConfig;
  /** The reconcile job's way back to refunds.ts (which imports this file). */
  payRefundsDue?: (db: Kysely<Database>, orderId: string) => Promise<void>;
}

/** Sent and not settled this long: ask M-Pesa. A send that failed (an outage) is tried again as often. */
const STALE_MS = 60_000;

/** The queue timeout goes to the result route's sibling, with the same secret. */
function b2cUrls(settings: B2cSettings): { resultUrl: string; queueTimeoutUrl: string } {
  return { resultUrl: settings.resultUrl, queueTimeoutUrl: settings.resultUrl.replace(/\/result\/([^/]+)\/?$/, '/timeout/$1') };
}

/** M-Pesa wants 2547XXXXXXXX; we store +2547XXXXXXXX. */
const msisdn = (phone: string) => phone.replace(/\D/g, '');

/**
 * Asks M-Pesa to pay the row out. Never inside a transaction. Unreachable M-Pesa (an outage, a
 * timeout): the row stays pending and the reconcile job sends it again under the same originator id,
 * which M-Pesa answers once. A refusal settles it failed.
 */
export async function sendDisbursement(deps: DisbursementDeps, id: string): Promise<void> {
  const { db } = deps;
  const b2c = deps.providers.b2c;
  const settings = deps.config.b2c;
  const row = await db
    .updateTable('disbursements')
    .set({ attempts: sql`attempts + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (row === undefined) return;
  if (b2c === null || settings === null) {
    await db
      .updateTable('disbursements')
      .set({ last_error: forOperators('M-Pesa B2C is not configured') })
      .where('id', '=', id)
      .execute();
    return;
  }
  try {
    const answer = await b2c.b2cPayment({
      originatorConversationId: row.originator_id,
      phone: msisdn(row.phone),
      amount: row.amount,
      remarks: row.purpose === 'payout' ? 'ShambaSoko payout' : 'ShambaSoko refund',
      occasion: row.purpose,
      ...b2cUrls(settings),
    });
    // The result may already have settled it (a fast callback): only a pending row becomes sent.
    await db
      .updateTable('disbursements')
      .set({ status: 'sent', conversation_id: answer.conversationId, sent_at: sql`now()`, last_error: null, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  } catch (error) {
    // A refusal of a send that was tried before may be M-Pesa refusing a duplicate of one it did pay
    // (the first answer was lost): it goes to the status query, which knows, instead of failing.
    if (error instanceof ProviderRefused && row.attempts > 1) {
      await db
        .updateTable('disbursements')
        .set({ status: 'sent', sent_at: sql`now()`, last_error: error.message.slice(0, 300), updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
      return;
    }
    if (error instanceof ProviderRefused) {
      await settleDisbursement(db, {
        originatorId: row.originator_id,
        resultCode: error.code ?? 'refused',
        resultDesc: error.message,
        transactionId: null,
        receipt: null,
        amount: null,
        undecided: false,
      });
      return;
    }
    await db
      .updateTable('disbursements')
      .set({ last_error: (error as Error).message.slice(0, 300), updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * A result for one of ours: paid or failed, once. A replay, a late result after the row settled, or a
 * result for a row we do not know changes nothing. Returns whether it settled the row.
 */
export async function settleDisbursement(db: Kysely<Database>, result: B2cResult): Promise<boolean> {
  if (result.undecided) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('disbursements')
      .selectAll()
      .where('originator_id', '=', result.originatorId)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined || row.status === 'paid' || row.status === 'failed') return false;
    const paid = result.resultCode === '0';
    await trx
      .updateTable('disbursements')
      .set({
        status: paid ? 'paid' : 'failed',
        result_code: result.resultCode.slice(0, 40),
        result_desc: result.resultDesc.slice(0, 300),
        transaction_id: result.transactionId?.slice(0, 40) ?? null,
        receipt: paid ? (result.receipt?.slice(0, 40) ?? null) : null,
        settled_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', row.id)
      .execute();
    await recordMoneyOut(trx, row, paid ? 'paid' : 'failed');
    await tellAbout(trx, row, paid, result.receipt);
    return true;
  });
}

async function tellAbout(trx: Kysely<Database>, row: DisbursementRow, paid: boolean, receipt: string | null): Promise<void> {
  const values = { amount: formatKES(row.amount), phone: maskPhone(row.phone) ?? row.phone, receipt: receipt ?? '' };
  if (row.purpose === 'payout') {
    if (row.seller_id !== null)
      await enqueueWebhookEvent(trx, { kind: 'shop', id: row.seller_id }, paid ? 'payout.paid' : 'payout.failed', {
        payoutId: row.id,
        amount: row.amount,
        receipt,
      });
    const seller = await trx.selectFrom('sellers').select('user_id').where('id', '=', row.seller_id).executeTakeFirst();
    if (!seller?.user_id) return;
    await notify(trx, {
      userId: seller.user_id,
      type: 'payment_update',
      title: paid ? 'Payout paid' : 'Payout failed',
      body: paid
        ? '{amount} was sent to your M-Pesa {phone}. Receipt {receipt}.'
        : 'M-Pesa could not pay {amount} to {phone}. It is back in your available balance.',
      values,
      link: '/seller/payouts',
    });
    return;
  }
  if (row.user_id === null || row.order_id === null) return;
  const order = await trx.selectFrom('orders').select('number').where('id', '=', row.order_id).executeTakeFirst();
  await notify(trx, {
    userId: row.user_id,
    type: 'payment_update',
    title: paid ? 'Refund paid' : 'Refund delayed',
    body: paid
      ? '{amount} for order {number} was refunded to your M-Pesa {phone}. Receipt {receipt}.'
      : 'M-Pesa could not refund {amount} for order {number} to {phone}. We will try again.',
    values: { ...values, number: order ? orderNumber(order.number) : '' },
    link: `/orders/${row.order_id}`,
  });
}

/**
 * Every minute: sends again what an outage left pending, and asks M-Pesa about payments sent whose
 * result never came (its answer comes to the result route). Nothing here holds a transaction open.
 */
export async function reconcileDisbursements(deps: DisbursementDeps, now = new Date()): Promise<{ resent: number; queried: number }> {
  const { db } = deps;
  const cutoff = new Date(now.getTime() - STALE_MS);
  const pending = await db
    .selectFrom('disbursements')
    .select('id')
    .where('status', '=', 'pending')
    .where('updated_at', '<', cutoff)
    .orderBy('created_at')
    .limit(50)
    .execute();
  for (const { id } of pending) await sendDisbursement(deps, id);

  const b2c = deps.providers.b2c;
  const settings = deps.config.b2c;
  if (b2c === null || settings === null) return { resent: pending.length, queried: 0 };
  // Refunds due with none under way (the process stopped after the cancel, or M-Pesa refused one): again,
  // at most three times a part.
  const due = await sql<{ order_id: string }>`
    select distinct e.order_id from ledger_entries e
    where e.account = 'buyer:refund_due' and e.order_id is not null
      and exists (select 1 from payments p where p.order_id = e.order_id and p.method = 'mpesa' and p.status = 'paid')
      and not exists (select 1 from disbursements d where d.fulfilment_id = e.fulfilment_id and d.status in ('pending', 'sent'))
      and (select count(*) from disbursements d where d.fulfilment_id = e.fulfilment_id and d.status = 'failed') < 3
    group by e.order_id, e.fulfilment_id having sum(e.amount) < 0
    limit 20
  `.execute(db);
  for (const { order_id } of due.rows) await deps.payRefundsDue?.(db, order_id);
  const stuck = await db
    .selectFrom('disbursements')
    .select(['id', 'originator_id'])
    .where('status', '=', 'sent')
    .where('sent_at', '<', cutoff)
    .where((eb) => eb.or([eb('last_query_at', 'is', null), eb('last_query_at', '<', cutoff)]))
    .orderBy('sent_at')
    .limit(50)
    .execute();
  for (const row of stuck) {
    await db.updateTable('disbursements').set({ last_query_at: now }).where('id', '=', row.id).execute();
    try {
      await b2c.transactionStatus({ originatorConversationId: row.originator_id, ...b2cUrls(settings) });
    } catch (error) {
      await db
        .updateTable('disbursements')
        .set({ last_error: (error as Error).message.slice(0, 300) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return { resent: pending.length, queried: stuck.length };
}
