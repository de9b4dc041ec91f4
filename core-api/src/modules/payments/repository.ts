import { type PaymentMethod, type ProviderPaymentMethod } from '@shambasoko/contracts';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database, PaymentEventKind, PaymentStatusValue } from '../../db/schema';

type Db = Kysely<Database>;

export const PAYMENT_COLUMNS = [
  'id',
  'order_id',
  'method',
  'status',
  'amount',
  'reported_amount',
  'phone',
  'provider_ref',
  'merchant_ref',
  'receipt',
  'result_code',
  'result_desc',
  'redirect_url',
  'card_brand',
  'card_last4',
  'flag_reason',
  'confirmed_by',
  'confirmed_role',
  'settled_at',
  'last_query_at',
  'query_count',
  'created_at',
  'fulfilment_id',
] as const;

/** An attempt as the service reads it (every column but the bookkeeping ones). */
export type PaymentRow = Pick<Selectable<Database['payments']>, (typeof PAYMENT_COLUMNS)[number]>;

export interface NewPayment {
  order_id: string;
  fulfilment_id?: string | null;
  method: PaymentMethod;
  status: PaymentStatusValue;
  amount: number;
  phone?: string | null;
  created_by?: string | null;
  confirmed_by?: string | null;
  confirmed_role?: string | null;
  settled_at?: Date | null;
  result_code?: string | null;
  result_desc?: string | null;
}

export async function insertPayment(db: Db, payment: NewPayment): Promise<PaymentRow> {
  return db.insertInto('payments').values(payment).returning(PAYMENT_COLUMNS).executeTakeFirstOrThrow();
}

export type PaymentUpdate = Partial<Omit<PaymentRow, 'id' | 'order_id' | 'method' | 'created_at' | 'fulfilment_id'>>;

export async function updatePayment(db: Db, id: string, change: PaymentUpdate): Promise<void> {
  await db
    .updateTable('payments')
    .set({ ...change, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes the attempt's turn to ask its provider: true for one caller per window, in any API process
 * (the row lock orders concurrent claims, and the second sees the first's time). Database clock.
 */
export async function claimStatusQuery(db: Db, id: string, gapSeconds: number): Promise<boolean> {
  const row = await db
    .updateTable('payments')
    .set({ last_query_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_query_at', 'is', null), eb('last_query_at', '<=', sql<Date>`now() - make_interval(secs => ${gapSeconds})`)]),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewEvent {
  payment_id: string | null;
  order_id: string | null;
  kind: PaymentEventKind;
  provider_ref?: string | null;
  amount?: number | null;
  result_code?: string | null;
  detail?: Record<string, unknown>;
  dedupe_key?: string | null;
}

/** False when `dedupe_key` was already recorded: a replay, which must change nothing. */
export async function insertEvent(db: Db, event: NewEvent): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({ ...event, detail: JSON.stringify(event.detail ?? {}) })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every attempt of these orders, newest first. */
export async function findPayments(db: Db, orderIds: readonly string[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('order_id', 'in', orderIds)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** An attempt as `orderPaymentsJson` writes it: its columns, timestamps as text. */
export type PaymentJson = Omit<PaymentRow, 'settled_at' | 'last_query_at' | 'created_at'> & {
  settled_at: string | null;
  last_query_at: string | null;
  created_at: string;
};

/**
 * Every attempt of the order `orderId` names (a column of the enclosing statement), newest first, as a
 * JSON array: the order's answer reads its attempts inside its own statement (market orders).
 */
export const orderPaymentsJson = (orderId: RawBuilder<string>) => sql<PaymentJson[]>`(
  select coalesce(json_agg(a order by a.created_at desc, a.id), '[]')
  from (select ${sql.join(PAYMENT_COLUMNS.map((c) => sql.ref(c)))} from payments where order_id = ${orderId}) a
)`;

export async function lockPaymentByRef(db: Db, method: ProviderPaymentMethod, providerRef: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('method', '=', method)
    .where('provider_ref', '=', providerRef)
    .forUpdate()
    .executeTakeFirst();
}

export async function lockPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').select(PAYMENT_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findPaymentsByStatus(db: Db, status: PaymentStatusValue, limit: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(PAYMENT_COLUMNS.map((c) => `p.${c}` as const))
    .select('o.number as order_number')
    .where('p.status', '=', status)
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The ledger lines of these attempts, in the order they were written. */
export const findEventsOf = async (db: Db, paymentIds: readonly string[]) =>
  paymentIds.length === 0
    ? []
    : db
        .selectFrom('payment_events')
        .select(['payment_id', 'kind', 'provider_ref', 'amount', 'result_code', 'detail', 'created_at'])
        .where('payment_id', 'in', paymentIds)
        .orderBy('id')
        .execute();
