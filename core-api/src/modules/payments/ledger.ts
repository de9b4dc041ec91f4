import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '@shambasoko/contracts';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { insertEvent, insertPayment } from './repository';
import { forOperators } from '../../http/language';

/**
 * A person confirmed a bank transfer (a seller for their own part, or an Admin for every part that
 * waited): the attempt is recorded paid, for what those parts cost, with who and when, and the ledger
 * says so. The caller's transaction holds the order lock and has moved the parts to paid.
 */
export async function recordManualPayment(
  trx: Kysely<Database>,
  {
    orderId,
    actorId,
    role,
    parts,
    fulfilmentId,
  }: {
    orderId: string;
    actorId: string;
    role: 'Seller' | 'Admin';
    parts: readonly { amount: number }[];
    /** The seller's part; null when the payment covers every part that waited. */
    fulfilmentId: string | null;
  },
): Promise<void> {
  const amount = parts.reduce((sum, part) => sum + part.amount, 0);
  const payment = await insertPayment(trx, {
    order_id: orderId,
    fulfilment_id: fulfilmentId,
    method: 'bank',
    status: 'paid',
    amount,
    created_by: actorId,
    confirmed_by: actorId,
    confirmed_role: role,
    settled_at: (await sql<{ now: Date }>`select now() as now`.execute(trx)).rows[0]?.now ?? new Date(),
    result_desc: forOperators(`Bank transfer confirmed by the ${role}`),
  });
  await insertEvent(trx, {
    payment_id: payment.id,
    order_id: orderId,
    kind: 'manual',
    amount,
    detail: { by: actorId, role, parts: parts.length },
  });
}

/** One paid part, as the books see it: who earns it, what it cost the buyer, and what the market keeps. */
export interface PaidPart {
  fulfilmentId: string;
  sellerId: string;
  /** What the buyer paid for the part: goods less its discount share, plus delivery. */
  amount: number;
  deliveryFee: number;
  /** The market's commission on the part's goods (never on delivery). */
  commission: number;
}

type Line = Insertable<Database['ledger_entries']>;

/** One balanced transaction, written in one statement: the database refuses lines that do not sum to zero. */
async function post(trx: Kysely<Database>, lines: Line[]): Promise<void> {
  const kept = lines.filter((line) => line.amount !== 0);
  if (kept.length === 0) return;
  await trx.insertInto('ledger_entries').values(kept).execute();
}

/**
 * Parts moved to paid: per part, the money is held in the method's cash account (debit) and owed to
 * the seller (their earning and the delivery fee, credits) and to the market (its commission, a credit).
 */
export async function recordPartsPaid(
  trx: Kysely<Database>,
  { orderId, method, parts }: { orderId: string; method: PaymentMethod; parts: readonly PaidPart[] },
): Promise<void> {
  for (const part of parts) {
    const txn = randomUUID();
    const common = { txn_id: txn, order_id: orderId, fulfilment_id: part.fulfilmentId };
    await post(trx, [
      { ...common, kind: 'payment', account: `cash:${method}`, amount: part.amount },
      {
        ...common,
        kind: 'earning',
        account: 'seller:pending',
        seller_id: part.sellerId,
        amount: -(part.amount - part.deliveryFee - part.commission),
      },
      { ...common, kind: 'delivery', account: 'seller:pending', seller_id: part.sellerId, amount: -part.deliveryFee },
      { ...common, kind: 'commission', account: 'platform:commission', amount: -part.commission },
    ]);
  }
}

/**
 * Paid parts were cancelled: the lines that credited their seller and the market are reversed as they
 * were written (not recomputed, so a rate changed since the payment cannot leave a remainder), and the
 * whole amount becomes a refund owed to the buyer until it is paid back.
 */
export async function recordPaidPartsCancelled(
  trx: Kysely<Database>,
  { orderId, fulfilmentIds }: { orderId: string; fulfilmentIds: readonly string[] },
): Promise<void> {
  if (fulfilmentIds.length === 0) return;
  const credited = await trx
    .selectFrom('ledger_entries')
    .select(['fulfilment_id', 'kind', 'account', 'seller_id', sql<number>`sum(amount)::int8`.as('amount')])
    .where('fulfilment_id', 'in', fulfilmentIds)
    .where('account', 'in', ['seller:pending', 'platform:commission'])
    .groupBy(['fulfilment_id', 'kind', 'account', 'seller_id'])
    .orderBy('fulfilment_id')
    .orderBy('kind')
    .execute();
  for (const fulfilmentId of fulfilmentIds) {
    const lines = credited.filter((line) => line.fulfilment_id === fulfilmentId && line.amount !== 0);
    const common = { txn_id: randomUUID(), order_id: orderId, fulfilment_id: fulfilmentId };
    const owed = lines.reduce((sum, line) => sum - line.amount, 0);
    await post(trx, [
      ...lines.map((line) => ({ ...common, kind: line.kind, account: line.account, seller_id: line.seller_id, amount: -line.amount })),
      { ...common, kind: 'refund', account: 'buyer:refund_due', amount: -owed },
    ]);
  }
}

/**
 * A part's earnings become the seller's to withdraw (the buyer confirmed delivery, or the window passed
 * with no dispute): whatever the part still holds in `seller:pending` moves to `seller:available`.
 * Returns the amount moved (0 when nothing was pending, so a second release changes nothing).
 */
export async function recordPartReleased(
  trx: Kysely<Database>,
  { orderId, fulfilmentId, sellerId }: { orderId: string; fulfilmentId: string; sellerId: string },
): Promise<number> {
  const row = await trx
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(-sum(amount), 0)::int8`.as('held'))
    .where('fulfilment_id', '=', fulfilmentId)
    .where('account', '=', 'seller:pending')
    .executeTakeFirst();
  const held = Number(row?.held ?? 0);
  if (held <= 0) return 0;
  const common = { txn_id: randomUUID(), kind: 'release' as const, order_id: orderId, fulfilment_id: fulfilmentId, seller_id: sellerId };
  await post(trx, [
    { ...common, account: 'seller:pending', amount: held },
    { ...common, account: 'seller:available', amount: -held },
  ]);
  return held;
}

/**
 * A bank or card refund an Admin paid by hand: what the part still owes its buyer leaves the method's
 * cash account. The caller's transaction holds the part's lock and has checked it was not settled.
 * Returns the amount settled (0 when nothing was owed).
 */
export async function recordRefundSettledByHand(
  trx: Kysely<Database>,
  { orderId, fulfilmentId, method }: { orderId: string; fulfilmentId: string; method: 'bank' | 'card' },
): Promise<number> {
  const due = await partRefundDue(trx, fulfilmentId);
  if (due <= 0) return 0;
  const common = { txn_id: randomUUID(), kind: 'refund_paid' as const, order_id: orderId, fulfilment_id: fulfilmentId };
  await post(trx, [
    { ...common, account: 'buyer:refund_due', amount: due },
    { ...common, account: `cash:${method}`, amount: -due },
  ]);
  return due;
}

/** What the books still owe the buyer for a part (its buyer:refund_due balance). */
export async function partRefundDue(db: Kysely<Database>, fulfilmentId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(-sum(amount), 0)::int8`.as('due'))
    .where('fulfilment_id', '=', fulfilmentId)
    .where('account', '=', 'buyer:refund_due')
    .executeTakeFirst();
  return Number(row?.due ?? 0);
}

/** The method a part was paid by, as its payment line says; null for a part never paid. */
export async function partPaidMethod(db: Kysely<Database>, fulfilmentId: string): Promise<PaymentMethod | null> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('account')
    .where('fulfilment_id', '=', fulfilmentId)
    .where('kind', '=', 'payment')
    .where('amount', '>', 0)
    .executeTakeFirst();
  return row ? (row.account.replace('cash:', '') as PaymentMethod) : null;
}

/** A seller's money in the books, each figure a query over the lines (never a column). */
export interface SellerMoney {
  /** Earned on paid parts, held until delivery is confirmed (or the window passes). */
  pending: number;
  /** Released and not yet paid out: what a payout may take. */
  available: number;
  /** Sent to the provider, not yet confirmed. */
  payingOut: number;
  /** Confirmed paid out to the seller, ever. */
  paidOut: number;
}

export async function sellerMoney(db: Kysely<Database>, sellerId: string): Promise<SellerMoney> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select([
      'account',
      sql<number>`coalesce(-sum(amount), 0)::int8`.as('balance'),
      sql<number>`coalesce(sum(amount) filter (where kind = 'payout' and amount > 0), 0)::int8`.as('paid'),
    ])
    .where('seller_id', '=', sellerId)
    .groupBy('account')
    .execute();
  const of = (account: string) => rows.find((row) => row.account === account);
  return {
    pending: Number(of('seller:pending')?.balance ?? 0),
    available: Number(of('seller:available')?.balance ?? 0),
    payingOut: Number(of('seller:paying')?.balance ?? 0),
    paidOut: Number(of('seller:paying')?.paid ?? 0),
  };
}

/** A payout or a refund by M-Pesa, as the books need it. */
export interface MoneyOut {
  id: string;
  purpose: 'payout' | 'refund';
  amount: number;
  seller_id: string | null;
  order_id: string | null;
  fulfilment_id: string | null;
}

/**
 * Money out moves in three steps: sent (it leaves what may be withdrawn or is due for what is on its
 * way), then confirmed (it leaves our M-Pesa account) or failed (it comes back to where it was).
 */
export async function recordMoneyOut(trx: Kysely<Database>, out: MoneyOut, step: 'sent' | 'paid' | 'failed'): Promise<void> {
  const common = {
    txn_id: randomUUID(),
    disbursement_id: out.id,
    order_id: out.order_id,
    fulfilment_id: out.fulfilment_id,
  };
  const A = out.amount;
  if (out.purpose === 'payout') {
    const seller = { ...common, seller_id: out.seller_id };
    if (step === 'sent')
      return post(trx, [
        { ...seller, kind: 'payout', account: 'seller:available', amount: A },
        { ...seller, kind: 'payout', account: 'seller:paying', amount: -A },
      ]);
    if (step === 'paid')
      return post(trx, [
        { ...seller, kind: 'payout', account: 'seller:paying', amount: A },
        { ...common, kind: 'payout', account: 'cash:mpesa', amount: -A },
      ]);
    return post(trx, [
      { ...seller, kind: 'payout_reversed', account: 'seller:paying', amount: A },
      { ...seller, kind: 'payout_reversed', account: 'seller:available', amount: -A },
    ]);
  }
  if (step === 'sent')
    return post(trx, [
      { ...common, kind: 'refund_paid', account: 'buyer:refund_due', amount: A },
      { ...common, kind: 'refund_paid', account: 'buyer:refunding', amount: -A },
    ]);
  if (step === 'paid')
    return post(trx, [
      { ...common, kind: 'refund_paid', account: 'buyer:refunding', amount: A },
      { ...common, kind: 'refund_paid', account: 'cash:mpesa', amount: -A },
    ]);
  return post(trx, [
    { ...common, kind: 'refund_reversed', account: 'buyer:refunding', amount: A },
    { ...common, kind: 'refund_reversed', account: 'buyer:refund_due', amount: -A },
  ]);
}

/**
 * A dispute decided "refund `amount`" on a part: the amount leaves what the part credited, the seller's
 * share and the commission's each in proportion (the whole part: all of both); the seller's share comes
 * from the part's pending earnings first, then, for a part already released (the window passed before
 * the dispute), from what was released to them and not yet paid out. It is owed to the buyer until paid
 * back. Returns the amount owed (0: the part credits nothing), which the decision records.
 */
export async function recordPartRefunded(
  trx: Kysely<Database>,
  { orderId, fulfilmentId, sellerId, amount }: { orderId: string; fulfilmentId: string; sellerId: string; amount: number },
): Promise<number> {
  const rows = await trx
    .selectFrom('ledger_entries')
    .select(['account', sql<number>`coalesce(-sum(amount), 0)::int8`.as('held')])
    .where('fulfilment_id', '=', fulfilmentId)
    .where('account', 'in', ['seller:pending', 'seller:available', 'platform:commission'])
    .groupBy('account')
    .execute();
  const of = (account: string) => Math.max(0, Number(rows.find((r) => r.account === account)?.held ?? 0));
  const pending = of('seller:pending');
  const released = of('seller:available');
  const commission = of('platform:commission');
  const held = pending + released + commission;
  const refund = Math.min(amount, held);
  if (refund <= 0) return 0;
  const fromCommission = refund === held ? commission : Math.min(commission, Math.round((commission * refund) / held));
  const fromPending = Math.min(pending, refund - fromCommission);
  // Never more than the seller still has to withdraw: money already paid out is not taken back here.
  const withdrawable = refund - fromCommission - fromPending > 0 ? (await sellerMoney(trx, sellerId)).available : 0;
  const fromReleased = Math.min(refund - fromCommission - fromPending, Math.max(0, withdrawable));
  const owed = fromCommission + fromPending + fromReleased;
  const common = { txn_id: randomUUID(), kind: 'refund' as const, order_id: orderId, fulfilment_id: fulfilmentId };
  await post(trx, [
    { ...common, account: 'seller:pending', seller_id: sellerId, amount: fromPending },
    { ...common, account: 'seller:available', seller_id: sellerId, amount: fromReleased },
    { ...common, account: 'platform:commission', amount: fromCommission },
    { ...common, account: 'buyer:refund_due', amount: -owed },
  ]);
  return owed;
}
