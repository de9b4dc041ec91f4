import { type Kysely, sql } from 'kysely';

// Farm records that pay (issue 42): harvests per crop and income from sales made off the platform.
// A harvest keeps its own unit and the kilograms one unit weighs, so yields add up in kg whatever the
// unit; market sales are read from paid orders of the crop's listings, never copied here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table harvests (
      id uuid primary key default gen_random_uuid(),
      farm_id uuid not null references farms (id) on delete cascade,
      crop_id uuid not null,
      harvest_date date not null,
      quantity double precision not null check (quantity > 0 and quantity <= 1000000000),
      unit text not null check (unit in ('kg', 'bag_90kg', 'crate', 'litre')),
      kg_per_unit double precision not null check (kg_per_unit > 0 and kg_per_unit <= 100000),
      grade text not null default '' check (char_length(grade) <= 40),
      destination text not null check (destination in ('stored', 'sold', 'eaten', 'lost')),
      notes text not null default '' check (char_length(notes) <= 500),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (farm_id, crop_id) references crops (farm_id, id) on delete cascade
    )
  `.execute(db);
  await sql`create index harvests_crop on harvests (crop_id, harvest_date)`.execute(db);
  await sql`create index harvests_farm on harvests (farm_id)`.execute(db);
  await sql`
    create table crop_income (
      id uuid primary key default gen_random_uuid(),
      farm_id uuid not null references farms (id) on delete cascade,
      crop_id uuid not null,
      sale_date date not null,
      buyer text not null default '' check (char_length(buyer) <= 200),
      quantity double precision not null check (quantity > 0 and quantity <= 1000000000),
      unit text not null check (unit in ('kg', 'bag_90kg', 'crate', 'litre')),
      -- Whole Kenyan shillings; total is what was received (it may differ from quantity × price).
      price_per_unit bigint not null check (price_per_unit >= 0 and price_per_unit <= 10000000000),
      total bigint not null check (total >= 0 and total <= 10000000000),
      payment_method text not null check (payment_method in ('cash', 'mpesa', 'bank', 'cheque', 'other')),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (farm_id, crop_id) references crops (farm_id, id) on delete cascade
    )
  `.execute(db);
  await sql`create index crop_income_crop on crop_income (crop_id, sale_date)`.execute(db);
  await sql`create index crop_income_farm on crop_income (farm_id)`.execute(db);
  for (const table of ['harvests', 'crop_income']) {
    await sql`
      create trigger ${sql.id(`${table}_set_updated_at`)} before update on ${sql.table(table)}
      for each row execute function set_updated_at()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table crop_income`.execute(db);
  await sql`drop table harvests`.execute(db);
}
