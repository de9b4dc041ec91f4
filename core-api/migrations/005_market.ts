import { type Kysely, sql } from 'kysely';

// Marketplace: catalog (sellers, products, images, reviews), carts, orders, promos, favourites.
// Money columns are integer KES. Plain SQL: generated tsvector columns, partial indexes and
// triggers read more clearly here than through the schema builder. PostgreSQL 15 features only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sellers (
      id uuid primary key default gen_random_uuid(),
      -- Stable key for the idempotent seed; also handy in URLs later.
      slug text not null unique,
      name text not null,
      kind text not null default 'farmer',
      rating numeric(2,1) not null default 0 check (rating between 0 and 5),
      review_count integer not null default 0 check (review_count >= 0),
      verified boolean not null default false,
      member_since integer not null check (member_since between 1950 and 2100),
      response_time text not null default 'Within a day',
      avatar text,
      county text not null,
      phone text not null,
      email text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);

  await sql`
    create table products (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique,
      seller_id uuid not null references sellers(id) on delete restrict,
      name text not null check (length(name) between 1 and 200),
      category text not null check (category in ('crops', 'equipment', 'supplies', 'services')),
      description text not null default '',
      price integer not null check (price > 0),
      original_price integer check (original_price is null or original_price > price),
      county text not null,
      stock_quantity integer not null default 0 check (stock_quantity >= 0),
      unit text not null default 'per piece',
      specifications jsonb not null default '[]'::jsonb,
      featured boolean not null default false,
      -- Kept current by the reviews trigger below, so search can filter and sort on them cheaply.
      rating numeric(2,1) not null default 0,
      review_count integer not null default 0,
      -- Name weighs most; county lets "nakuru tomatoes" work. 'english' stems plurals (tomatoes → tomato).
      search_vector tsvector generated always as (
        setweight(to_tsvector('english', name), 'A') ||
        setweight(to_tsvector('english', category || ' ' || county), 'B') ||
        setweight(to_tsvector('english', description), 'C')
      ) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index products_search_vector on products using gin (search_vector)`.execute(db);
  // Typo tolerance ("maiz", "tomatoe") and substring matching both use this index.
  await sql`create index products_name_trgm on products using gin (name gin_trgm_ops)`.execute(db);
  await sql`create index products_category_price on products (category, price)`.execute(db);
  await sql`create index products_county on products (county)`.execute(db);
  await sql`create index products_seller on products (seller_id)`.execute(db);
  await sql`create index products_featured on products (featured) where featured`.execute(db);
  await sql`create index products_created on products (created_at desc)`.execute(db);
  await sql`create index products_rating on products (rating desc, review_count desc)`.execute(db);

  await sql`
    create table product_images (
      id serial primary key,
      product_id uuid not null references products(id) on delete cascade,
      -- Relative to core-api/static, e.g. products/maize-cob.svg; served under /static/.
      path text not null,
      alt text not null default '',
      sort_order integer not null default 0
    )
  `.execute(db);
  await sql`create index product_images_product on product_images (product_id, sort_order)`.execute(db);

  await sql`
    create table reviews (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products(id) on delete cascade,
      -- Null for reviews imported with the catalog (their authors have no account here).
      user_id uuid references users(id) on delete set null,
      reviewer_name text not null,
      rating smallint not null check (rating between 1 and 5),
      comment text not null default '',
      verified boolean not null default false,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index reviews_product_created on reviews (product_id, created_at desc)`.execute(db);
  await sql`create unique index reviews_one_per_buyer on reviews (product_id, user_id) where user_id is not null`.execute(db);

  await sql`
    create function refresh_product_rating() returns trigger language plpgsql as $$
    declare
      target uuid := coalesce(new.product_id, old.product_id);
    begin
      update products p
         set rating = coalesce((select round(avg(r.rating)::numeric, 1) from reviews r where r.product_id = target), 0),
             review_count = (select count(*) from reviews r where r.product_id = target)
       where p.id = target;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger reviews_refresh_product_rating after insert or update or delete on reviews
    for each row execute function refresh_product_rating()
  `.execute(db);

  await sql`
    create table carts (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null unique references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table cart_items (
      cart_id uuid not null references carts(id) on delete cascade,
      product_id uuid not null references products(id) on delete cascade,
      quantity integer not null check (quantity >= 1),
      added_at timestamptz not null default now(),
      primary key (cart_id, product_id)
    )
  `.execute(db);

  await sql`
    create table promos (
      code text primary key check (code = upper(code)),
      type text not null check (type in ('percentage', 'fixed')),
      value integer not null check (value > 0),
      min_order integer not null default 0 check (min_order >= 0),
      expires_at timestamptz,
      active boolean not null default true,
      description text not null default '',
      created_at timestamptz not null default now(),
      check (type <> 'percentage' or value <= 100)
    )
  `.execute(db);

  await sql`
    create table orders (
      id uuid primary key default gen_random_uuid(),
      -- Shown to people as SS-000123.
      number bigint generated always as identity unique,
      user_id uuid not null references users(id) on delete restrict,
      status text not null default 'pending_payment'
        check (status in ('pending_payment', 'paid', 'shipped', 'delivered', 'cancelled')),
      subtotal integer not null check (subtotal >= 0),
      discount integer not null default 0 check (discount >= 0),
      delivery_fee integer not null check (delivery_fee >= 0),
      total integer not null check (total >= 0),
      delivery text not null check (delivery in ('standard', 'express')),
      shipping jsonb not null,
      payment_method text not null check (payment_method in ('card', 'bank')),
      -- Never the card number or CVV: brand and last four only.
      card_brand text,
      card_last4 text check (card_last4 is null or card_last4 ~ '^[0-9]{4}$'),
      promo_code text references promos(code),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index orders_user_created on orders (user_id, created_at desc)`.execute(db);

  await sql`
    create table order_items (
      order_id uuid not null references orders(id) on delete cascade,
      product_id uuid not null references products(id) on delete restrict,
      -- Name, price and image as they were when ordered.
      name text not null,
      unit_price integer not null check (unit_price >= 0),
      quantity integer not null check (quantity >= 1),
      image_path text,
      primary key (order_id, product_id)
    )
  `.execute(db);
  await sql`create index order_items_product on order_items (product_id)`.execute(db);

  await sql`
    create table idempotency_keys (
      user_id uuid not null references users(id) on delete cascade,
      key text not null,
      -- Hash of the request (without card details) so a reused key with another order is refused.
      fingerprint text not null,
      order_id uuid references orders(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, key)
    )
  `.execute(db);

  await sql`
    create table favourites (
      user_id uuid not null references users(id) on delete cascade,
      product_id uuid not null references products(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, product_id)
    )
  `.execute(db);

  for (const table of ['sellers', 'products', 'carts', 'orders']) {
    await sql`
      create trigger ${sql.id(`${table}_set_updated_at`)} before update on ${sql.table(table)}
      for each row execute function set_updated_at()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'favourites',
    'idempotency_keys',
    'order_items',
    'orders',
    'promos',
    'cart_items',
    'carts',
    'reviews',
    'product_images',
    'products',
    'sellers',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists refresh_product_rating()`.execute(db);
}
