import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { SHARE_LINK_DAYS, type SellerStatement, type ShareLink, type ShareLinkRequest, orderNumber } from '@shambasoko/contracts';
import { nextMonth, startOfNairobiDay } from '@shambasoko/contracts/time';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import type { Language } from '../../../http/language';
import { orderMoney, sellerLedgerPeriod } from '../../payments';
import { getOrder } from '../orders/service';
import { sellerOf } from '../seller/service';
import { receiptPdf, statementPdf } from './pdf';

const SHARED_NOT_FOUND = 'This link is not valid or has expired';

/** A PDF and the name it is saved under. */
export interface Paper {
  pdf: Buffer;
  fileName: string;
}

/** The language the account chose in Preferences, if it saved any. */
export async function preferredLanguage(db: Kysely<Database>, userId: string): Promise<Language | null> {
  const row = await db.selectFrom('user_preferences').select('language').where('user_id', '=', userId).executeTakeFirst();
  return row?.language ?? null;
}

const now = async (db: Kysely<Database>): Promise<Date> =>
  (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]?.now ?? new Date();

/** The order's receipt; someone else's order is "not found" (getOrder scopes by buyer). */
export async function receiptOf(db: Kysely<Database>, userId: string, orderId: string, language: Language): Promise<Paper> {
  const order = await getOrder(db, userId, orderId);
  const money = await orderMoney(db, order.id);
  return { pdf: await receiptPdf(order, money, language, await now(db)), fileName: `receipt-${order.number}.pdf` };
}

/** [start, end) of a YYYY-MM month in Nairobi. */
function monthBounds(month: string): { from: Date; to: Date } {
  return { from: startOfNairobiDay(month), to: startOfNairobiDay(nextMonth(month)) };
}

export async function statementOf(db: Kysely<Database>, userId: string, month: string): Promise<SellerStatement> {
  const seller = await sellerOf(db, userId);
  const { from, to } = monthBounds(month);
  const period = await sellerLedgerPeriod(db, seller.id, from, to);
  return {
    month,
    shopName: seller.name,
    opening: period.opening,
    sales: period.sales,
    commission: period.commission,
    delivery: period.delivery,
    refunds: period.refunds,
    payouts: period.payouts,
    adjustments: period.adjustments,
    closing: period.closing,
    lines: period.lines.map((line) => ({
      at: line.at.toISOString(),
      orderNumber: line.orderNumber === null ? null : orderNumber(line.orderNumber),
      kind: line.kind,
      amount: line.amount,
    })),
  };
}

export async function statementPaperOf(db: Kysely<Database>, userId: string, month: string, language: Language): Promise<Paper> {
  const statement = await statementOf(db, userId, month);
  return { pdf: await statementPdf(statement, language, await now(db)), fileName: `statement-${month}.pdf` };
}

/** A farm's report for a loan (issue 42): its farm, the seasons and parts chosen. */
export interface FarmReportLink {
  farmId: string;
  seasons: string[];
  include: string[];
}

/**
 * Writes the farm report behind a link as its owner would download it now (the farm module, connected
 * in app.ts, so the market reads no farm data itself).
 */
export type FarmReportOpener = (db: Kysely<Database>, userId: string, link: FarmReportLink, language: Language) => Promise<Paper>;
let farmReports: FarmReportOpener | null = null;
export function connectFarmReports(open: FarmReportOpener): void {
  farmReports = open;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link to the caller's own receipt or statement, checked as if they downloaded it now. */
export async function createShareLink(db: Kysely<Database>, userId: string, request: ShareLinkRequest): Promise<ShareLink> {
  const order = request.kind === 'receipt' ? await getOrder(db, userId, request.orderId) : null;
  if (request.kind === 'statement') await sellerOf(db, userId);
  const token = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('share_links')
    .values({
      token_hash: hashOf(token),
      user_id: userId,
      kind: request.kind,
      order_id: order?.id ?? null,
      month: request.kind === 'statement' ? request.month : null,
      expires_at: sql<Date>`now() + make_interval(days => ${SHARE_LINK_DAYS})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return { url: `/v1/shared/${token}.pdf`, expiresAt: row.expires_at.toISOString() };
}

/** A link to a farm's report; the farm module has checked the caller may read the farm's books. */
export async function createFarmReportLink(db: Kysely<Database>, userId: string, link: FarmReportLink): Promise<ShareLink> {
  const token = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('share_links')
    .values({
      token_hash: hashOf(token),
      user_id: userId,
      kind: 'farm_report',
      farm_id: link.farmId,
      report_seasons: link.seasons.join(','),
      report_include: link.include.join(','),
      expires_at: sql<Date>`now() + make_interval(days => ${SHARE_LINK_DAYS})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return { url: `/v1/shared/${token}.pdf`, expiresAt: row.expires_at.toISOString() };
}

/**
 * The PDF behind a link, in its owner's language. Unknown, expired, malformed and links whose
 * paper is gone all answer the same 404: one indexed lookup by hash, nothing compared in the clear.
 */
export async function sharedPaper(db: Kysely<Database>, token: string): Promise<Paper> {
  const link = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await db
        .selectFrom('share_links')
        .select(['user_id', 'kind', 'order_id', 'month', 'farm_id', 'report_seasons', 'report_include'])
        .where('token_hash', '=', hashOf(token))
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst()
    : undefined;
  if (link === undefined) throw new ApiError(404, SHARED_NOT_FOUND);
  const language = (await preferredLanguage(db, link.user_id)) ?? 'en';
  try {
    if (link.kind === 'receipt' && link.order_id) return await receiptOf(db, link.user_id, link.order_id, language);
    if (link.kind === 'statement' && link.month) return await statementPaperOf(db, link.user_id, link.month, language);
    if (link.kind === 'farm_report' && link.farm_id && farmReports) {
      const list = (text: string | null) => (text ? text.split(',') : []);
      const report = { farmId: link.farm_id, seasons: list(link.report_seasons), include: list(link.report_include) };
      return await farmReports(db, link.user_id, report, language);
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ApiError(404, SHARED_NOT_FOUND);
    throw error;
  }
  throw new ApiError(404, SHARED_NOT_FOUND);
}
