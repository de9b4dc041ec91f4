import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** One change to a seller's money, as their statement lists it: positive adds to what they are owed. */
interface StatementLine {
  at: Date;
  orderId: string | null;
  orderNumber: number | null;
  kind: 'sale' | 'commission' | 'delivery' | 'refund' | 'payout' | 'adjustment';
  amount: number;
}

export interface SellerLedgerPeriod {
  opening: number;
  /** Goods sold on parts paid in the period (the earning plus the commission taken from it). */
  sales: number;
  commission: number;
  delivery: number;
  /** Taken back from the seller: cancelled paid parts, refunds decided on disputes. */
  refunds: number;
  /** Confirmed sent to the seller (a payout reversed comes back here). */
  payouts: number;
  /** Anything else the books moved (corrections). */
  adjustments: number;
  closing: number;
  lines: StatementLine[];
}

const SELLER_ACCOUNTS = ['seller:pending', 'seller:available', 'seller:paying'] as const;
const LINE_ORDER: readonly StatementLine['kind'][] = ['sale', 'commission', 'delivery', 'refund', 'payout', 'adjustment'];
const REFUND_KINDS = new Set(['refund', 'refund_paid', 'refund_reversed']);

/**
 * A seller's money over [from, to), read from the lines by kind, so kinds other helpers add later
 * (payouts, dispute refunds) land in their figure. Every seller line counts in exactly one figure,
 * so opening + sales − commission + delivery − refunds − payouts + adjustments = closing. Commission
 * is net of what a cancel gave back; refunds are what the buyers got back.
 */
export async function sellerLedgerPeriod(db: Kysely<Database>, sellerId: string, from: Date, to: Date): Promise<SellerLedgerPeriod> {
  const balanceBefore = async (at: Date) => {
    const row = await db
      .selectFrom('ledger_entries')
      .select(sql<number>`coalesce(-sum(amount), 0)::int8`.as('balance'))
      .where('seller_id', '=', sellerId)
      .where('account', 'in', SELLER_ACCOUNTS)
      .where('created_at', '<', at)
      .executeTakeFirst();
    return Number(row?.balance ?? 0);
  };
  const [opening, closing, rows] = await Promise.all([
    balanceBefore(from),
    balanceBefore(to),
    db
      .selectFrom('ledger_entries as e')
      .leftJoin('orders as o', 'o.id', 'e.order_id')
      .select(['e.id', 'e.txn_id', 'e.kind', 'e.account', 'e.amount', 'e.created_at', 'e.order_id', 'o.number'])
      .where('e.created_at', '>=', from)
      .where('e.created_at', '<', to)
      .where((eb) =>
        eb.or([
          eb.and([eb('e.seller_id', '=', sellerId), eb('e.account', 'in', SELLER_ACCOUNTS)]),
          // The commission has no seller of its own: it is the seller's through the part it was taken from.
          eb.and([
            eb('e.account', '=', 'platform:commission'),
            eb('e.fulfilment_id', 'in', eb.selectFrom('order_fulfilments as f').select('f.id').where('f.seller_id', '=', sellerId)),
          ]),
        ]),
      )
      .orderBy('e.id')
      .execute(),
  ]);
  const period: SellerLedgerPeriod = {
    opening,
    sales: 0,
    commission: 0,
    delivery: 0,
    refunds: 0,
    payouts: 0,
    adjustments: 0,
    closing,
    lines: [],
  };
  // One line per transaction and kind (an earning and the commission on it make one sale), in the
  // order the kinds are listed.
  const byTxn = new Map<string, StatementLine[]>();
  const add = (row: (typeof rows)[number], kind: StatementLine['kind'], amount: number) => {
    const lines = byTxn.get(row.txn_id) ?? [];
    byTxn.set(row.txn_id, lines);
    const same = lines.find((line) => line.kind === kind);
    if (same) same.amount += amount;
    else
      lines.push({ at: row.created_at, orderId: row.order_id, orderNumber: row.number === null ? null : Number(row.number), kind, amount });
  };
  for (const row of rows) {
    const amount = Number(row.amount);
    if (row.account === 'platform:commission') {
      if (amount < 0) {
        // Charged: part of the sale, then taken from it.
        period.sales -= amount;
        period.commission -= amount;
        add(row, 'sale', -amount);
        add(row, 'commission', amount);
      } else {
        // Given back with a cancelled or refunded part: the refund is all the buyer gets back. It never
        // was the seller's, so it is no line of theirs.
        period.commission -= amount;
        period.refunds += amount;
      }
      continue;
    }
    const effect = -amount;
    if ((row.kind === 'earning' || row.kind === 'delivery') && effect > 0) {
      if (row.kind === 'earning') period.sales += effect;
      else period.delivery += effect;
      add(row, row.kind === 'earning' ? 'sale' : 'delivery', effect);
    } else if (row.kind === 'earning' || row.kind === 'delivery' || REFUND_KINDS.has(row.kind)) {
      period.refunds -= effect;
      add(row, 'refund', effect);
    } else if (row.kind === 'payout' || row.kind === 'payout_reversed') {
      period.payouts -= effect;
      add(row, 'payout', effect);
    } else {
      period.adjustments += effect;
      add(row, 'adjustment', effect);
    }
  }
  // Moves between a seller's own accounts (a release, a payout sent) change nothing: no zero lines.
  period.lines = [...byTxn.values()].flatMap((lines) =>
    lines.filter((line) => line.amount !== 0).sort((x, y) => LINE_ORDER.indexOf(x.kind) - LINE_ORDER.indexOf(y.kind)),
  );
  return period;
}

/** What an order's buyer paid and was paid back, for their receipt. */
export interface OrderMoney {
  paid: number;
  /** The paid attempts' provider receipts (the M-Pesa receipt number), oldest first. */
  receipts: string[];
  /** Owed back for cancelled or refunded parts. */
  refundDue: number;
  /** Of that, sent back (confirmed or settled by hand). */
  refunded: number;
}

export async function orderMoney(db: Kysely<Database>, orderId: string): Promise<OrderMoney> {
  const [payments, refunds] = await Promise.all([
    db
      .selectFrom('payments')
      .select(['amount', 'receipt'])
      .where('order_id', '=', orderId)
      .where('status', '=', 'paid')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select([
        sql<number>`coalesce(-sum(amount) filter (where account = 'buyer:refund_due' and amount < 0), 0)::int8`.as('due'),
        sql<number>`coalesce(-sum(amount) filter (where kind = 'refund_paid' and account like 'cash:%'), 0)::int8`.as('refunded'),
      ])
      .where('order_id', '=', orderId)
      .executeTakeFirst(),
  ]);
  return {
    paid: payments.reduce((sum, p) => sum + Number(p.amount), 0),
    receipts: payments.flatMap((p) => (p.receipt ? [p.receipt] : [])),
    refundDue: Number(refunds?.due ?? 0),
    refunded: Number(refunds?.refunded ?? 0),
  };
}
