// Seller payouts: what may be withdrawn, to which phone, how much a day, and the automatic daily one.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { type Payout, type PayoutSettings, formatKES, normaliseKenyanPhone } from '@shambasoko/contracts';
import { startOfNairobiDay, todayInNairobi } from '@shambasoko/contracts/time';
import type { PaymentsConfig } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { type DisbursementDeps, type DisbursementRow, sendDisbursement } from './disbursements';
import { recordMoneyOut, sellerMoney } from './ledger';
import { maskPhone } from './view';

const SELLER_NOT_FOUND = 'Seller profile not found';
const NO_PHONE = 'Add an M-Pesa number for payouts in your payout settings first.';
const NOTHING_AVAILABLE = 'You have no money available to pay out yet.';
const AUTOMATIC_KEY = 'auto:';

/** Midnight in Nairobi, and that day as YYYY-MM-DD. */
function nairobiDay(now: Date): { start: Date; day: string } {
  const day = todayInNairobi(now);
  return { start: startOfNairobiDay(day), day };
}

async function sellerOfUser(db: Kysely<Database>, userId: string) {
  const seller = await db
    .selectFrom('sellers')
    .select(['id', 'phone', 'user_id'])
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (seller === undefined) throw new ApiError(404, SELLER_NOT_FOUND);
  return seller;
}

export function payoutOf(row: DisbursementRow): Payout {
  return {
    id: row.id,
    amount: row.amount,
    phone: maskPhone(row.phone) ?? '',
    status: row.status,
    receipt: row.receipt,
    automatic: row.request_key?.startsWith(AUTOMATIC_KEY) ?? false,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

async function settingsOf(db: Kysely<Database>, seller: { id: string; phone: string }, config: PaymentsConfig): Promise<PayoutSettings> {
  const row = await db.selectFrom('seller_payout_settings').selectAll().where('seller_id', '=', seller.id).executeTakeFirst();
  const phone = row?.phone ?? null;
  return {
    automatic: row?.automatic ?? false,
    phone,
    payoutPhone: phone ?? normaliseKenyanPhone(seller.phone),
    minKes: config.payout.minKes,
    dailyLimitKes: config.payout.dailyLimitKes,
  };
}

export async function payoutList(db: Kysely<Database>, userId: string, config: PaymentsConfig) {
  const seller = await sellerOfUser(db, userId);
  const rows = await db
    .selectFrom('disbursements')
    .selectAll()
    .where('seller_id', '=', seller.id)
    .where('purpose', '=', 'payout')
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return { items: rows.map(payoutOf), settings: await settingsOf(db, seller, config) };
}

export async function savePayoutSettings(
  db: Kysely<Database>,
  userId: string,
  body: { automatic: boolean; phone: string | null },
  config: PaymentsConfig,
): Promise<PayoutSettings> {
  const seller = await sellerOfUser(db, userId);
  await db
    .insertInto('seller_payout_settings')
    .values({ seller_id: seller.id, automatic: body.automatic, phone: body.phone })
    .onConflict((oc) => oc.column('seller_id').doUpdateSet({ automatic: body.automatic, phone: body.phone, updated_at: sql`now()` }))
    .execute();
  return settingsOf(db, seller, config);
}

/**
 * Takes the amount (everything available when none) out of the seller's available balance into a
 * payout, in one transaction that holds the seller's row: two requests at once cannot both take the
 * same money. The same Idempotency-Key answers the same payout. M-Pesa is asked after the commit.
 */
async function requestPayout(
  deps: DisbursementDeps,
  seller: { id: string },
  request: { amount?: number; requestKey: string; now?: Date },
): Promise<{ payout: DisbursementRow; created: boolean }> {
  const { db, config } = deps;
  const { minKes, dailyLimitKes } = config.payout;
  const { start } = nairobiDay(request.now ?? new Date());
  const outcome = await db.transaction().execute(async (trx) => {
    const shop = await trx.selectFrom('sellers').select(['id', 'phone']).where('id', '=', seller.id).forUpdate().executeTakeFirstOrThrow();
    const earlier = await trx
      .selectFrom('disbursements')
      .selectAll()
      .where('seller_id', '=', shop.id)
      .where('request_key', '=', request.requestKey)
      .executeTakeFirst();
    if (earlier !== undefined) return { payout: earlier, created: false };
    const { available } = await sellerMoney(trx, shop.id);
    const amount = request.amount ?? available;
    if (available <= 0) throw new ApiError(422, NOTHING_AVAILABLE);
    if (amount > available) throw new ApiError(422, `You can pay out at most ${formatKES(available)}, what is available now.`);
    if (amount < minKes) throw new ApiError(422, `The smallest payout is ${formatKES(minKes)}.`);
    const today = await trx
      .selectFrom('disbursements')
      .select(sql<number>`coalesce(sum(amount), 0)::int8`.as('sum'))
      .where('seller_id', '=', shop.id)
      .where('purpose', '=', 'payout')
      .where('status', '<>', 'failed')
      .where('created_at', '>=', start)
      .executeTakeFirstOrThrow();
    const left = dailyLimitKes - Number(today.sum);
    if (amount > left)
      throw new ApiError(
        422,
        `Payouts are limited to ${formatKES(dailyLimitKes)} a day; you can still pay out ${formatKES(Math.max(0, left))} today.`,
      );
    const settings = await trx.selectFrom('seller_payout_settings').select('phone').where('seller_id', '=', shop.id).executeTakeFirst();
    const phone = settings?.phone ?? normaliseKenyanPhone(shop.phone);
    if (phone === null) throw new ApiError(422, NO_PHONE);
    const payout = await trx
      .insertInto('disbursements')
      .values({
        purpose: 'payout',
        seller_id: shop.id,
        phone,
        amount,
        originator_id: randomUUID(),
        request_key: request.requestKey,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordMoneyOut(trx, payout, 'sent');
    return { payout, created: true };
  });
  if (!outcome.created) return outcome;
  await sendDisbursement(deps, outcome.payout.id);
  const payout = await db.selectFrom('disbursements').selectAll().where('id', '=', outcome.payout.id).executeTakeFirstOrThrow();
  return { payout, created: true };
}

export async function requestPayoutFor(deps: DisbursementDeps, userId: string, request: { amount?: number; requestKey: string }) {
  return requestPayout(deps, await sellerOfUser(deps.db, userId), request);
}

/**
 * Once a Nairobi day, every opted-in seller's available balance goes out. The day is the request key,
 * so two processes running the job at once make one payout.
 */
export async function payAutomaticPayouts(deps: DisbursementDeps, now = new Date()): Promise<number> {
  const { day } = nairobiDay(now);
  const due = await deps.db
    .selectFrom('seller_payout_settings as s')
    .innerJoin('sellers', 'sellers.id', 's.seller_id')
    .select('s.seller_id')
    .where('s.automatic', '=', true)
    .where('sellers.closed_at', 'is', null)
    .where((eb) => eb.or([eb('s.last_automatic_day', 'is', null), eb('s.last_automatic_day', '<', day)]))
    .execute();
  let paid = 0;
  for (const { seller_id } of due) {
    const { available } = await sellerMoney(deps.db, seller_id);
    if (available >= deps.config.payout.minKes) {
      try {
        const amount = Math.min(available, deps.config.payout.dailyLimitKes);
        const { created } = await requestPayout(deps, { id: seller_id }, { amount, requestKey: `${AUTOMATIC_KEY}${day}`, now });
        if (created) paid += 1;
      } catch (error) {
        // Above today's limit, or no phone: tomorrow's run tries again; the seller sees no payout.
        if (!(error instanceof ApiError)) throw error;
      }
    }
    await deps.db.updateTable('seller_payout_settings').set({ last_automatic_day: day }).where('seller_id', '=', seller_id).execute();
  }
  return paid;
}
