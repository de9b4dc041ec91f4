import { type Kysely, sql } from 'kysely';

// A two-sided market (issue 15): sellers are accounts, listings are theirs (paused, deleted, pre-order
// of a crop's harvest), stock moves are recorded, and an order is fulfilled by each of its sellers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sellers
      -- The account that runs the shop; null for a seller without an account (none after the seed).
      add column user_id uuid unique references users(id) on delete set null,
      add column whatsapp text,
      add column pickup_location text not null default '',
      add column description text not null default '',
      add column verified_at timestamptz,
      add column verified_by uuid references users(id) on delete set null,
      add constraint sellers_kind_check
        check (kind in ('farmer', 'cooperative', 'agrovet', 'supplier', 'retailer', 'equipment_dealer', 'service_provider'))
  `.execute(db);

  await sql`
    alter table products
      -- Only active listings are in the catalog; deleted ones stay for old orders' sake.
      add column status text not null default 'active' check (status in ('active', 'paused', 'deleted')),
      add column deleted_at timestamptz,
      -- The listing form's unit (kg, bag_90kg, crate, litre, piece, acre); unit keeps its words.
      add column unit_code text check (unit_code is null or unit_code in ('kg', 'bag_90kg', 'crate', 'litre', 'piece', 'acre')),
      add column min_order integer not null default 1 check (min_order between 1 and 1000000),
      -- Weight of one unit, for the delivery fee.
      add column weight_kg numeric(10,2) not null default 1 check (weight_kg >= 0),
      add column offers_pickup boolean not null default true,
      add column offers_delivery boolean not null default true,
      add column listing_type text not null default 'stock' check (listing_type in ('stock', 'preorder')),
      -- A pre-order listing sells this crop's expected harvest.
      add column crop_id uuid references crops(id) on delete set null,
      add column available_from date
  `.execute(db);
  await sql`create index products_seller_status on products (seller_id, status, updated_at desc)`.execute(db);
  await sql`create unique index products_one_listing_per_crop on products (crop_id) where crop_id is not null and status <> 'deleted'`.execute(
    db,
  );

  // Stock moves a seller makes by hand (restock, correction, damage...), with the stock after each.
  await sql`
    create table stock_adjustments (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products(id) on delete cascade,
      seller_id uuid not null references sellers(id) on delete cascade,
      delta integer not null check (delta <> 0),
      reason text not null check (reason in ('restock', 'correction', 'damaged', 'lost', 'returned', 'harvest')),
      note text not null default '',
      stock_after integer not null check (stock_after >= 0),
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index stock_adjustments_seller_created on stock_adjustments (seller_id, created_at desc)`.execute(db);
  await sql`create index stock_adjustments_product_created on stock_adjustments (product_id, created_at desc)`.execute(db);

  // One fulfilment per seller per order: one payment, each seller moves their own part on.
  await sql`
    create table order_fulfilments (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders(id) on delete cascade,
      seller_id uuid not null references sellers(id) on delete restrict,
      status text not null default 'awaiting_payment'
        check (status in ('awaiting_payment', 'paid', 'accepted', 'ready_to_dispatch', 'dispatched', 'delivered', 'cancelled', 'expired')),
      subtotal bigint not null check (subtotal >= 0),
      delivery_fee bigint not null default 0 check (delivery_fee >= 0),
      -- Holds items of a pre-order listing: it cannot be dispatched before the harvest.
      preorder boolean not null default false,
      paid_at timestamptz,
      paid_by uuid references users(id) on delete set null,
      accepted_at timestamptz,
      ready_at timestamptz,
      dispatched_at timestamptz,
      dispatch_note text,
      delivered_at timestamptz,
      cancelled_at timestamptz,
      cancelled_by uuid references users(id) on delete set null,
      cancel_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (order_id, seller_id)
    )
  `.execute(db);
  await sql`create index order_fulfilments_seller_created on order_fulfilments (seller_id, created_at desc)`.execute(db);

  // The timeline both sides read: each step, who took it and when.
  await sql`
    create table fulfilment_events (
      id bigint generated always as identity primary key,
      fulfilment_id uuid not null references order_fulfilments(id) on delete cascade,
      status text not null,
      note text,
      actor_id uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index fulfilment_events_fulfilment on fulfilment_events (fulfilment_id, id)`.execute(db);

  await sql`alter table order_items add column seller_id uuid references sellers(id) on delete restrict`.execute(db);
  await sql`update order_items oi set seller_id = p.seller_id from products p where p.id = oi.product_id`.execute(db);
  await sql`alter table order_items alter column seller_id set not null`.execute(db);

  // Orders placed before this migration get their fulfilments, in the state their order was in.
  await sql`
    insert into order_fulfilments (order_id, seller_id, status, subtotal, delivery_fee, paid_at, dispatched_at, delivered_at, cancelled_at, created_at, updated_at)
    select o.id, oi.seller_id,
           case o.status when 'pending_payment' then 'awaiting_payment' when 'shipped' then 'dispatched' else o.status end,
           sum(oi.unit_price * oi.quantity), 0,
           case when o.status in ('paid', 'shipped', 'delivered') then o.updated_at end,
           case when o.status in ('shipped', 'delivered') then o.updated_at end,
           case when o.status = 'delivered' then o.updated_at end,
           case when o.status = 'cancelled' then o.updated_at end,
           o.created_at, o.updated_at
    from orders o join order_items oi on oi.order_id = o.id
    group by o.id, oi.seller_id
  `.execute(db);
  await sql`
    insert into fulfilment_events (fulfilment_id, status, created_at)
    select id, status, updated_at from order_fulfilments
  `.execute(db);

  // A service (combine hire, spraying) is requested for a date and a place, not put in the cart.
  await sql`
    create table service_requests (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products(id) on delete cascade,
      seller_id uuid not null references sellers(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      requested_date date not null,
      place text not null,
      note text not null default '',
      status text not null default 'requested' check (status in ('requested', 'accepted', 'declined', 'done', 'cancelled')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index service_requests_seller_created on service_requests (seller_id, created_at desc)`.execute(db);
  await sql`create index service_requests_user_created on service_requests (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table service_requests`.execute(db);
  await sql`alter table order_items drop column seller_id`.execute(db);
  await sql`drop table fulfilment_events`.execute(db);
  await sql`drop table order_fulfilments`.execute(db);
  await sql`drop table stock_adjustments`.execute(db);
  await sql`drop index products_one_listing_per_crop`.execute(db);
  await sql`drop index products_seller_status`.execute(db);
  await sql`
    alter table products
      drop column status, drop column deleted_at, drop column unit_code, drop column min_order, drop column weight_kg,
      drop column offers_pickup, drop column offers_delivery, drop column listing_type, drop column crop_id, drop column available_from
  `.execute(db);
  await sql`
    alter table sellers
      drop constraint sellers_kind_check, drop column user_id, drop column whatsapp, drop column pickup_location,
      drop column description, drop column verified_at, drop column verified_by
  `.execute(db);
}
