import type { Kysely } from 'kysely';
import {
  PRICE_MIN_SALES,
  PRICE_RECENT_DAYS,
  PRICE_SERIES_MONTHS,
  type PriceFigure,
  type PriceSeries,
  type PriceSummary,
  type ProductKindId,
  type ProductPrice,
  isProductKindId,
  productKind,
} from '@shambasoko/contracts';
import { startOfNairobiDay, todayInNairobi } from '@shambasoko/contracts/time';
import { isUuid } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { PRODUCT_NOT_FOUND } from '../catalog/service';
import { type FigureRow, askingFigure, findListedProduct, listingPerBase, soldByMonth, soldFigure } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Nothing below the minimum count: a figure from a handful of sales would be someone's own price. */
function figureOf(row: FigureRow): PriceFigure | null {
  if (row.count < PRICE_MIN_SALES || row.median === null || row.low === null || row.high === null) return null;
  return { median: Math.round(row.median), low: Math.round(row.low), high: Math.round(row.high), count: row.count };
}

const kindOf = (id: ProductKindId) => productKind(id)!;

export async function priceSummary(
  db: Kysely<Database>,
  kindId: ProductKindId,
  county: string | null,
  now = new Date(),
): Promise<PriceSummary> {
  const kind = kindOf(kindId);
  const since = new Date(now.getTime() - PRICE_RECENT_DAYS * DAY_MS);
  const [sold, asking] = await Promise.all([soldFigure(db, kind, county, since), askingFigure(db, kind, county)]);
  return { kind: kindId, county, baseUnit: kind.baseUnit, days: PRICE_RECENT_DAYS, sold: figureOf(sold), asking: figureOf(asking) };
}

/** The last PRICE_SERIES_MONTHS Nairobi months, this one included; "2026-11". */
export function seriesMonths(now = new Date()): string[] {
  const [year, month] = todayInNairobi(now).split('-').map(Number) as [number, number];
  return Array.from({ length: PRICE_SERIES_MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (PRICE_SERIES_MONTHS - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

export async function priceSeries(
  db: Kysely<Database>,
  kindId: ProductKindId,
  county: string | null,
  now = new Date(),
): Promise<PriceSeries> {
  const kind = kindOf(kindId);
  const months = seriesMonths(now);
  // Midnight of the first month's first day in Nairobi (UTC+3).
  const since = startOfNairobiDay(months[0]!);
  const rows = new Map((await soldByMonth(db, kind, county, since)).map((r) => [r.month, r]));
  return {
    kind: kindId,
    county,
    baseUnit: kind.baseUnit,
    months: months.map((month) => {
      const row = rows.get(month);
      return { month, sold: row ? figureOf(row) : null };
    }),
  };
}

/** A product's price per base unit and what its kind sold for in its county lately. */
export async function productPrice(db: Kysely<Database>, id: string, now = new Date()): Promise<ProductPrice> {
  const row = isUuid(id) ? await findListedProduct(db, id) : undefined;
  if (row === undefined) throw new ApiError(404, PRODUCT_NOT_FOUND);
  if (!isProductKindId(row.kind)) return { kind: null, county: row.county, baseUnit: null, perBaseUnit: null, typical: null };
  const kind = kindOf(row.kind);
  const since = new Date(now.getTime() - PRICE_RECENT_DAYS * DAY_MS);
  const [perBase, sold] = await Promise.all([listingPerBase(db, kind, id), soldFigure(db, kind, row.county, since)]);
  return {
    kind: row.kind,
    county: row.county,
    baseUnit: kind.baseUnit,
    perBaseUnit: perBase === null ? null : Math.round(perBase),
    typical: figureOf(sold),
  };
}
