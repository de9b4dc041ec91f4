// Benchmark data, set-based (generate_series, one statement per table), into the database the
// server would open: DATABASE_URL when set, else the embedded one in DATA_DIR. Runs migrations and
// the app's own seeds first. Usage: node --import tsx scripts/bench/seed-db.ts '{"farms":2000,...}'
// Prints one JSON line with the ids the load generator needs (prefix "SEED ").
import { sql, type Kysely } from 'kysely';
import { runSeeds } from '../../core-api/seed/run-seeds';
import { openDatabase } from '../../core-api/src/db/database';
import { migrateToLatest } from '../../core-api/src/db/migrate';
import type { Database } from '../../core-api/src/db/schema';

interface SeedPlan {
  /** Farms of the cooperative account; 10 fields, 3 seasons, 10 crops, 100 activities, 50 costs each. */
  farms: number;
  /** Member accounts; each joins 3 farms (roles below Owner). */
  members: number;
  products: number;
  /** Products whose stock never runs out under load (stock 1e9). */
  bigStockProducts: number;
}

const plan: SeedPlan = {
  farms: 0,
  members: 0,
  products: 0,
  bigStockProducts: 0,
  ...(JSON.parse(process.argv[2] ?? '{}') as Partial<SeedPlan>),
};

const COOP_EMAIL = 'bench-coop@example.co.ke';
const list = (words: readonly string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
/** 1-based pick from an SQL array literal by an integer expression. */
const pick = (words: readonly string[], expr: string) => `(${list(words)})[1 + ((${expr}) % ${words.length})]`;

const COUNTIES = [
  'Nakuru',
  'Kiambu',
  'Uasin Gishu',
  'Trans Nzoia',
  'Meru',
  'Nyeri',
  'Kisumu',
  'Machakos',
  'Kericho',
  'Bungoma',
  "Murang'a",
  'Nairobi',
  'Mombasa',
  'Kakamega',
  'Embu',
  'Laikipia',
];
const FARM_WORDS = [
  'Baraka',
  'Tumaini',
  'Neema',
  'Upendo',
  'Shamba',
  'Mavuno',
  'Jamii',
  'Amani',
  'Rehema',
  'Kilimo',
  'Mlima',
  'Bonde',
  'Mto',
  'Nyota',
  'Faraja',
];
const FARM_KINDS = ['Farm', 'Estate', 'Gardens', 'Dairy', 'Orchards', 'Holdings'];
const FIELD_WORDS = ['North', 'South', 'East', 'West', 'River', 'Hill', 'Valley', 'Upper', 'Lower', 'Central'];
const CROP_TYPES = ['Maize', 'Beans', 'Tea', 'Coffee', 'Potatoes', 'Tomatoes', 'Kale', 'Avocado', 'Wheat', 'Sorghum', 'Cabbage', 'Onions'];
const ACTIVITY_TYPES = [
  'Land Preparation',
  'Planting',
  'Fertilizing',
  'Weeding',
  'Pest Control',
  'Irrigation',
  'Harvesting',
  'Equipment Rental',
  'Maintenance',
  'Other',
];
const ACTIVITY_STATUSES = ['Pending', 'In Progress', 'Completed'];
const NOTE_VERBS = ['Apply', 'Check', 'Spray', 'Repair', 'Clear', 'Inspect', 'Top dress', 'Scout', 'Mulch', 'Prune'];
const NOTE_OBJECTS = [
  'CAN on block',
  'drip lines in row',
  'fall armyworm on plot',
  'fence near gate',
  'weeds in terrace',
  'seedlings in nursery',
  'DAP in furrow',
  'blight on section',
  'water tank',
  'pump at borehole',
];
const CATEGORIES = ['Seeds & Planting', 'Fertilizers', 'Labor', 'Equipment', 'Irrigation', 'Pest Control', 'Fuel', 'Maintenance', 'Other'];
const COST_WORDS = [
  'Certified seed',
  'Casual labour',
  'Diesel',
  'Tractor hire',
  'Foliar feed',
  'Pesticide',
  'Pump service',
  'Transport',
  'Sacks',
  'Drip repair',
];
const ROLES = ['Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'];

// Catalog words: noun (with its category) × variety × pack × brand, so a word matches a small share.
const NOUNS: ReadonlyArray<readonly [string, string]> = [
  ['Maize Seed', 'supplies'],
  ['Bean Seed', 'supplies'],
  ['DAP Fertiliser', 'supplies'],
  ['CAN Fertiliser', 'supplies'],
  ['NPK Fertiliser', 'supplies'],
  ['Urea', 'supplies'],
  ['Dairy Meal', 'supplies'],
  ['Layers Mash', 'supplies'],
  ['Chick Mash', 'supplies'],
  ['Herbicide', 'supplies'],
  ['Fungicide', 'supplies'],
  ['Insecticide', 'supplies'],
  ['Tomato Seedlings', 'supplies'],
  ['Kale Seeds', 'supplies'],
  ['Hay Bales', 'supplies'],
  ['Mineral Lick', 'supplies'],
  ['Knapsack Sprayer', 'equipment'],
  ['Drip Kit', 'equipment'],
  ['Water Pump', 'equipment'],
  ['Wheelbarrow', 'equipment'],
  ['Chaff Cutter', 'equipment'],
  ['Milk Can', 'equipment'],
  ['Greenhouse Kit', 'equipment'],
  ['Solar Pump', 'equipment'],
  ['Hand Hoe', 'equipment'],
  ['Water Tank', 'equipment'],
  ['Shade Net', 'equipment'],
  ['Irrigation Pipe', 'equipment'],
  ['Avocados', 'crops'],
  ['Tomatoes', 'crops'],
  ['Potatoes', 'crops'],
  ['Onions', 'crops'],
  ['Cabbages', 'crops'],
  ['Sukuma Wiki', 'crops'],
  ['Mangoes', 'crops'],
  ['Bananas', 'crops'],
  ['Green Grams', 'crops'],
  ['Sorghum', 'crops'],
  ['Passion Fruit', 'crops'],
  ['Macadamia Nuts', 'crops'],
  ['Dry Maize', 'crops'],
  ['Rice', 'crops'],
  ['Tractor Ploughing', 'services'],
  ['Veterinary Visit', 'services'],
  ['Soil Testing', 'services'],
  ['AI Service', 'services'],
  ['Borehole Survey', 'services'],
  ['Spraying Service', 'services'],
  ['Harvesting Crew', 'services'],
  ['Transport Hire', 'services'],
];
const VARIETIES = [
  'Premium',
  'Hybrid',
  'Organic',
  'Grade 1',
  'Certified',
  'Local',
  'Improved',
  'Export Quality',
  'Drought Tolerant',
  'Early Maturing',
  'Highland',
  'Lowland',
  'Fresh',
  'Heavy Duty',
  'Compact',
  'Classic',
  'Select',
  'Pro',
  'Eco',
  'Super',
];
const PACKS = [
  '1 kg',
  '2 kg',
  '5 kg',
  '10 kg',
  '25 kg',
  '50 kg',
  '90 kg bag',
  '1 litre',
  '5 litres',
  '20 litres',
  'per acre',
  'per piece',
  'crate',
  'per visit',
];
const BRANDS = [
  'Kenya Seed',
  'Simlaw',
  'Mavuno',
  'Yara',
  'Unga Farm Care',
  'Elgon Kenya',
  'Amiran',
  'Twiga',
  'Osho',
  'Shamba Bora',
  'Kilimo Plus',
  'Mkulima',
  'Rift Valley',
  'Bidco Agri',
  'Jubilee',
  'Green Hills',
  'Savanna',
  'Nyanza Agro',
  'Pwani',
  'Mt Kenya',
  'Sunrise',
  'Kibo',
  'Tana',
];

async function exec(db: Kysely<Database>, label: string, statement: string): Promise<void> {
  const started = Date.now();
  await sql.raw(statement).execute(db);
  console.log(`  seeded ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function seedFarms(db: Kysely<Database>, coopId: string): Promise<void> {
  const { farms, members } = plan;
  await exec(
    db,
    `${members} member accounts`,
    `
    insert into users (firebase_uid, email, username, first_name, last_name, full_name)
    select 'bench-member-' || g, 'bench-member-' || g || '@example.co.ke', 'benchmember' || g, 'Member', g::text, 'Member ' || g
    from generate_series(1, ${members}) g`,
  );
  await exec(
    db,
    `${farms} farms`,
    `
    insert into farms (name, location, total_size, owner_name, established, status, description, created_by)
    select ${pick(FARM_WORDS, 'g')} || ' ' || ${pick(FARM_KINDS, 'g / 15')} || ' ' || g, ${pick(COUNTIES, 'g * 7')},
      10 + (g % 90), 'Coop Manager', (1990 + g % 30)::text, case when g % 17 = 0 then 'inactive' else 'active' end,
      'Cooperative farm number ' || g, '${coopId}'
    from generate_series(1, ${farms}) g`,
  );
  // Farms numbered once, reused below through bench_farm_n.
  await exec(
    db,
    'farm numbering',
    `
    create temporary table bench_farm_n as
    select id, (row_number() over (order by created_at, id))::int as n from farms where created_by = '${coopId}'`,
  );
  await exec(
    db,
    'owner memberships',
    `
    insert into farm_members (farm_id, user_id, name, email, role, status)
    select f.id, '${coopId}', 'Coop Manager', '${COOP_EMAIL}', 'Owner', 'active' from bench_farm_n f`,
  );
  if (members >= 3) {
    await exec(
      db,
      'member memberships',
      `
      insert into farm_members (farm_id, user_id, name, email, role, status)
      select f.id, u.id, u.full_name, u.email, ${pick(ROLES, 'f.n + k')}, 'active'
      from bench_farm_n f cross join generate_series(0, 2) k
      join users u on u.firebase_uid = 'bench-member-' || (1 + ((f.n * 3 + k) % ${members}))`,
    );
  }
  await exec(
    db,
    'fields',
    `
    insert into fields (farm_id, name, size, unit, crop_type, planting_date, status, location)
    select f.id, ${pick(FIELD_WORDS, 'k')} || ' Field ' || k, 1 + ((f.n * k) % 40), 'hectares', ${pick(CROP_TYPES, 'f.n + k')},
      date '2026-01-01' + ((f.n + k) % 200), ${pick(['planted', 'growing', 'harvesting', 'fallow'], 'f.n + k')}, 'Block ' || k
    from bench_farm_n f cross join generate_series(1, 10) k`,
  );
  await exec(
    db,
    'seasons',
    `
    insert into seasons (farm_id, name, crop_type, start_date, end_date, status)
    select f.id, ${pick(['Long Rains 2026', 'Short Rains 2026', 'Long Rains 2025'], 'k')}, ${pick(CROP_TYPES, 'f.n + k')},
      (array[date '2026-03-01', date '2026-10-01', date '2025-03-01'])[k + 1], (array[date '2026-08-31', date '2027-01-31', date '2025-08-31'])[k + 1],
      (array['active', 'upcoming', 'completed'])[k + 1]
    from bench_farm_n f cross join generate_series(0, 2) k`,
  );
  await exec(
    db,
    'crops',
    `
    insert into crops (farm_id, field_id, season_id, name, area, planted_date, expected_harvest, yield_per_hectare, status, created_by)
    select fl.farm_id, fl.id, s.id, fl.crop_type, fl.size, date '2026-03-15', date '2026-08-15', 2 + (fl.size::int % 5),
      ${pick(['planned', 'growing', 'harvested', 'failed'], 'length(fl.name) + fl.size::int')}, '${coopId}'
    from fields fl join bench_farm_n f on f.id = fl.farm_id
    join lateral (select id from seasons s where s.farm_id = fl.farm_id and s.status = 'active' limit 1) s on true`,
  );
  await exec(
    db,
    'field numbering',
    `
    create temporary table bench_field_n as
    select fl.id, fl.farm_id, c.id as crop_id, c.season_id, (row_number() over (order by fl.farm_id, fl.id))::int as n
    from fields fl join bench_farm_n f on f.id = fl.farm_id left join crops c on c.field_id = fl.id`,
  );
  await exec(
    db,
    'activities',
    `
    insert into activities (farm_id, field_id, season_id, crop_id, name, assignee_id, status, due_date, notes, created_by, created_at)
    select fl.farm_id, fl.id, fl.season_id, fl.crop_id, ${pick(ACTIVITY_TYPES, 'fl.n + k')}, '${coopId}', ${pick(ACTIVITY_STATUSES, 'fl.n * 7 + k')},
      date '2026-01-01' + ((fl.n * 3 + k * 11) % 365),
      ${pick(NOTE_VERBS, 'fl.n + k * 3')} || ' ' || ${pick(NOTE_OBJECTS, 'fl.n * 7 + k')} || ' ' || (1 + (fl.n + k) % 40),
      '${coopId}', timestamptz '2026-01-01' + make_interval(mins => fl.n * 10 + k)
    from bench_field_n fl cross join generate_series(1, 10) k`,
  );
  await exec(
    db,
    'costs',
    `
    insert into costs (farm_id, field_id, season_id, crop_id, activity_type, category, description, amount, cost_date, created_by)
    select fl.farm_id, fl.id, fl.season_id, fl.crop_id, ${pick(ACTIVITY_TYPES, 'fl.n + k')}, ${pick(CATEGORIES, 'fl.n * 5 + k')},
      ${pick(COST_WORDS, 'fl.n + k * 3')} || ' for ' || ${pick(FIELD_WORDS, 'fl.n')} || ' block', 500 + ((fl.n * 37 + k * 101) % 20000),
      date '2026-01-01' + ((fl.n + k * 17) % 300), '${coopId}'
    from bench_field_n fl cross join generate_series(1, 5) k`,
  );
  await exec(
    db,
    'budgets',
    `
    insert into budgets (farm_id, season_id, category, planned)
    select f.id, s.id, c, 50000 + (f.n % 20) * 5000
    from bench_farm_n f join seasons s on s.farm_id = f.id and s.status = 'active'
    cross join unnest(${list(CATEGORIES)}) c`,
  );
  // The inserts above fire the statement triggers of migration 008 (farm_stats, user_farm_stats);
  // the dashboard and budget read those counters, so a seed that left them wrong would bench a lie.
  const started = Date.now();
  const { rows } = await sql<{ drift: number }>`
    select (select count(*) from ((select farm_id, key, label, n, amount from farm_stats except select * from farm_stats_expected)
              union all (select * from farm_stats_expected except select farm_id, key, label, n, amount from farm_stats)) f)
         + (select count(*) from ((select user_id, key, label, n, amount from user_farm_stats except select * from user_farm_stats_expected)
              union all (select * from user_farm_stats_expected except select user_id, key, label, n, amount from user_farm_stats)) u) as drift
  `.execute(db);
  if (Number(rows[0]?.drift) !== 0) throw new Error(`farm counters differ from a recomputation in ${rows[0]?.drift} rows`);
  console.log(`  checked farm counters against a recomputation in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function seedProducts(db: Kysely<Database>): Promise<void> {
  const { products, bigStockProducts } = plan;
  await exec(
    db,
    '200 sellers',
    `
    insert into sellers (slug, name, kind, rating, review_count, verified, member_since, response_time, county, phone, email)
    select 'bench-seller-' || g, ${pick(BRANDS, 'g')} || ' Agrovet ' || g, 'agrovet', 3 + (g % 20) / 10.0, g % 50, g % 3 = 0, 2010 + g % 15,
      'Within an hour', ${pick(COUNTIES, 'g')}, '+2547' || lpad((10000000 + g)::text, 8, '0'), 'seller' || g || '@example.co.ke'
    from generate_series(1, 200) g`,
  );
  const noun = `(${list(NOUNS.map(([name]) => name))})[1 + (g % ${NOUNS.length})]`;
  const category = `(${list(NOUNS.map(([, c]) => c))})[1 + (g % ${NOUNS.length})]`;
  await exec(
    db,
    `${products} products`,
    `
    insert into products (slug, seller_id, name, category, description, price, original_price, county, stock_quantity, unit, featured, rating, review_count, created_at)
    select 'bench-product-' || g, s.id,
      ${pick(BRANDS, 'g / 50')} || ' ' || ${pick(VARIETIES, 'g / 7')} || ' ' || ${noun} || ' ' || ${pick(PACKS, 'g / 3')},
      ${category},
      ${pick(VARIETIES, 'g / 11')} || ' ' || lower(${noun}) || ' from ' || ${pick(COUNTIES, 'g / 13')} || ', sold by the ' || ${pick(PACKS, 'g / 3')} || '. Delivered countrywide.',
      100 + (g * 37) % 50000, case when g % 4 = 0 then 100 + (g * 37) % 50000 + 500 end, ${pick(COUNTIES, 'g / 13')},
      case when g <= ${bigStockProducts} then 1000000000 when g % 10 = 0 then 0 else 1 + g % 500 end,
      ${pick(PACKS, 'g / 3')}, g % 500 = 0, (g % 50) / 10.0, g % 40, timestamptz '2026-01-01' + make_interval(mins => g)
    from generate_series(1, ${products}) g
    join sellers s on s.slug = 'bench-seller-' || (1 + g % 200)`,
  );
}

/** The coop runs bench-seller-1 and has 2,000 sales (one order each, varied states) for the Sales list. */
async function seedSales(db: Kysely<Database>, sellerUserId: string): Promise<void> {
  await exec(
    db,
    '2000 sales',
    `
    with s as (update sellers set user_id = '${sellerUserId}' where slug = 'bench-seller-1' returning id),
    p as (select id, name, price from products where seller_id = (select id from s) limit 1),
    o as (
      insert into orders (user_id, subtotal, discount, delivery_fee, total, delivery, shipping, payment_method, created_at)
      select '${sellerUserId}', p.price, 0, 350, p.price + 350, 'standard',
        '{"firstName":"Bench","lastName":"Buyer","email":"b@example.co.ke","phone":"+254712345678","address":"Plot 1","city":"Nakuru","state":"Nakuru"}'::jsonb,
        'bank', timestamptz '2026-01-01' + make_interval(mins => g)
      from generate_series(1, 2000) g, p
      returning id, created_at, subtotal
    ),
    i as (insert into order_items (order_id, product_id, name, unit_price, quantity, seller_id) select o.id, p.id, p.name, p.price, 1, (select id from s) from o, p),
    f as (
      insert into order_fulfilments (order_id, seller_id, status, subtotal, delivery_fee, created_at)
      select o.id, (select id from s), (array['awaiting_payment', 'paid', 'accepted', 'dispatched', 'delivered'])[1 + extract(minute from o.created_at)::int % 5],
        o.subtotal, 350, o.created_at
      from o
      returning id, status, created_at
    )
    insert into fulfilment_events (fulfilment_id, status, created_at) select id, status, created_at from f`,
  );
}

async function main(): Promise<void> {
  const handle = await openDatabase({ dataDir: process.env.DATA_DIR ?? '', databaseUrl: process.env.DATABASE_URL || undefined });
  const { db } = handle;
  try {
    await migrateToLatest(db);
    await runSeeds(db, 'development');
    const coop = await db
      .insertInto('users')
      .values({
        firebase_uid: 'bench-coop',
        email: COOP_EMAIL,
        username: 'benchcoop',
        first_name: 'Coop',
        last_name: 'Manager',
        full_name: 'Coop Manager',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('account_roles').values({ user_id: coop.id, role: 'Farmer' }).execute();
    if (plan.farms > 0) await seedFarms(db, coop.id);
    if (plan.products > 0) await seedProducts(db);
    if (plan.products > 0) await seedSales(db, coop.id);
    await exec(db, 'analyze', 'analyze');
    const members = await db
      .selectFrom('users')
      .select('id')
      .where('firebase_uid', 'like', 'bench-member-%')
      .orderBy('firebase_uid')
      .limit(400)
      .execute();
    const farms = await db.selectFrom('farms').select('id').where('created_by', '=', coop.id).orderBy('name').limit(50).execute();
    // Services are booked, not bought through the cart: an order for one is refused (400), so leave them out.
    const bigStock = await db
      .selectFrom('products')
      .select('id')
      .where('stock_quantity', '=', 1_000_000_000)
      .where('category', '!=', 'services')
      .limit(200)
      .execute();
    const sampleProducts = await db
      .selectFrom('products')
      .select('id')
      .where('slug', 'like', 'bench-product-%')
      .orderBy('slug')
      .limit(500)
      .execute();
    // A live session per signed-in user: the API checks every access token's session.
    const sessions: Record<string, string> = {};
    for (const userId of [coop.id, ...members.map((m) => m.id)]) {
      const row = await db
        .insertInto('auth_sessions')
        .values({ user_id: userId, provider: 'password', expires_at: new Date(Date.now() + 86_400_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      sessions[userId] = row.id;
    }
    console.log(
      `SEED ${JSON.stringify({
        coopId: coop.id,
        memberIds: members.map((m) => m.id),
        farmIds: farms.map((f) => f.id),
        bigStockProductIds: bigStock.map((p) => p.id),
        productIds: sampleProducts.map((p) => p.id),
        sessions,
      })}`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
