import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ProductKind } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';

/**
 * A listing unit's kg, as product-kinds.ts `baseUnitsPerListingUnit` says, plus listings older than unit
 * choices: their label ("per 90 kg bag", "per kg") names the weight. Services by the acre have none.
 */
const KG_PER_UNIT = sql`(case
  when p.unit_code = 'kg' then 1
  when p.unit_code = 'bag_90kg' then 90
  when p.unit_code = 'acre' then null
  when p.unit_code is null and p.unit ~* '^per kg$' then 1
  when p.unit_code is null then substring(p.unit from '([0-9]+(?:\\.[0-9]+)?) ?kg')::numeric
  when p.weight_kg > 0 then p.weight_kg
end)`;

const nativeUnit = (kind: ProductKind): string => (kind.baseUnit === 'litre' ? 'litre' : kind.baseUnit === 'tray' ? 'crate' : 'kg');

/** How many of the kind's base units one unit of listing `p` holds; null when unknown. */
const baseUnits = (kind: ProductKind): RawBuilder<number | null> =>
  sql`(case when p.unit_code = ${nativeUnit(kind)} then 1 else ${KG_PER_UNIT} / ${kind.kgPerBaseUnit}::numeric end)`;

/**
 * Parts whose money arrived and was not given back. A part the buyer got money back for after a
 * dispute is left out whole, even when the refund was partial: what was kept is a settlement over
 * goods found wanting, not a price the buyer agreed to, and a market price should not learn from it.
 */
const PAID_PARTS = sql`f.status in ('paid', 'accepted', 'ready_to_dispatch', 'dispatched', 'delivered') and f.paid_at is not null
  and not exists (select 1 from disputes d where d.fulfilment_id = f.id and d.status = 'refunded' and d.refund_amount > 0)`;

export interface FigureRow {
  count: number;
  median: number | null;
  low: number | null;
  high: number | null;
}

export interface MonthRow extends FigureRow {
  month: string;
}

const countyFilter = (county: string | null) => (county === null ? sql`true` : sql`p.county = ${county}`);

// percentile_cont over one kind (and county): the products_kind_county index narrows to that kind's
// listings, order_items_product and the fulfilments' (order_id, seller_id) key reach their sales.
const FIGURE = sql`count(*)::int as count,
  percentile_cont(0.5) within group (order by per_base) as median,
  percentile_cont(0.25) within group (order by per_base) as low,
  percentile_cont(0.75) within group (order by per_base) as high`;

/**
 * Paid order lines of the kind since `since`, each its unit price per base unit. A seller's purchase
 * from their own shop is no sale (issue 38): it would let anyone set the "market" price.
 */
function soldLines(kind: ProductKind, county: string | null, since: Date) {
  return sql`
    select (oi.unit_price / nullif(${baseUnits(kind)}, 0))::float8 as per_base, f.paid_at
    from products p
    join sellers s on s.id = p.seller_id
    join order_items oi on oi.product_id = p.id
    join order_fulfilments f on f.order_id = oi.order_id and f.seller_id = oi.seller_id
    join orders o on o.id = oi.order_id
    where p.kind = ${kind.id} and ${countyFilter(county)} and ${PAID_PARTS} and f.paid_at >= ${since}
      and o.user_id is distinct from s.user_id`;
}

export async function soldFigure(db: Kysely<Database>, kind: ProductKind, county: string | null, since: Date): Promise<FigureRow> {
  const { rows } = await sql<FigureRow>`
    select ${FIGURE} from (${soldLines(kind, county, since)}) lines where per_base is not null
  `.execute(db);
  return rows[0]!;
}

export async function soldByMonth(db: Kysely<Database>, kind: ProductKind, county: string | null, since: Date): Promise<MonthRow[]> {
  const { rows } = await sql<MonthRow>`
    select to_char(paid_at at time zone ${sql.lit(NAIROBI_TIME_ZONE)}, 'YYYY-MM') as month, ${FIGURE}
    from (${soldLines(kind, county, since)}) lines where per_base is not null
    group by 1 order by 1
  `.execute(db);
  return rows;
}

/** Asking prices of the kind's live listings today. */
export async function askingFigure(db: Kysely<Database>, kind: ProductKind, county: string | null): Promise<FigureRow> {
  const { rows } = await sql<FigureRow>`
    select ${FIGURE} from (
      select (p.price / nullif(${baseUnits(kind)}, 0))::float8 as per_base
      from products p
      where p.kind = ${kind.id} and ${countyFilter(county)} and p.status = 'active' and p.deleted_at is null and p.taken_down_at is null
    ) listings where per_base is not null
  `.execute(db);
  return rows[0]!;
}

export interface ListingPriceRow {
  kind: string | null;
  county: string;
  price: number;
  unit: string;
  unit_code: string | null;
  weight_kg: number;
}

/** A product as the catalog shows it: active, never deleted or taken down. */
export async function findListedProduct(db: Kysely<Database>, id: string): Promise<ListingPriceRow | undefined> {
  return db
    .selectFrom('products')
    .select(['kind', 'county', 'price', 'unit', 'unit_code', sql<number>`weight_kg::float8`.as('weight_kg')])
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .where('taken_down_at', 'is', null)
    .executeTakeFirst();
}

/** The product's own price per base unit, by the same conversion as the figures. */
export async function listingPerBase(db: Kysely<Database>, kind: ProductKind, id: string): Promise<number | null> {
  const { rows } = await sql<{ per_base: number | null }>`
    select (p.price / nullif(${baseUnits(kind)}, 0))::float8 as per_base from products p where p.id = ${id}
  `.execute(db);
  return rows[0]?.per_base === null || rows[0]?.per_base === undefined ? null : Number(rows[0].per_base);
}
