import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../src/db/schema';

/**
 * The demo account's farms, built from the spec's sample figures (section 9): 3 farms, 450 ha,
 * 12 fields, 2 active seasons, 6 crops, 8 farm users, budgets of 770,000 KES with 450,000 spent, and
 * on the first farm's active season 350,000 planned against 260,000 actual (74.3%).
 *
 * Runs at every start but writes once (app_meta key): afterwards the rows are the demo user's own,
 * and a deleted field must not come back on restart. The users row has firebase_uid 'seed:demo';
 * identity links it to the real provider account by e-mail at first sign-in.
 */
const SEED_KEY = 'seed.farm_demo';
const SEED_VERSION = '1';

export const DEMO_EMAIL = 'demo@shambasoko.co.ke';

interface Person {
  key: string;
  first: string;
  last: string;
  email: string;
  phone: string;
}

const DEMO: Person = { key: 'demo', first: 'Wanjiku', last: 'Kamau', email: DEMO_EMAIL, phone: '+254 712 345 678' };

/** Team members with accounts (firebase_uid 'seed:<key>'). */
const TEAM: Person[] = [
  { key: 'peter-otieno', first: 'Peter', last: 'Otieno', email: 'peter.otieno@demo.shambasoko.co.ke', phone: '+254 722 100 201' },
  { key: 'grace-wambui', first: 'Grace', last: 'Wambui', email: 'grace.wambui@demo.shambasoko.co.ke', phone: '+254 733 100 202' },
  { key: 'mary-achieng', first: 'Mary', last: 'Achieng', email: 'mary.achieng@demo.shambasoko.co.ke', phone: '+254 711 100 203' },
  { key: 'john-kiprop', first: 'John', last: 'Kiprop', email: 'john.kiprop@demo.shambasoko.co.ke', phone: '+254 701 100 204' },
  { key: 'david-mutua', first: 'David', last: 'Mutua', email: 'david.mutua@demo.shambasoko.co.ke', phone: '+254 740 100 205' },
];

type Trx = Transaction<Database>;

/**
 * The personas' roles, made sure of at every start (not only with the farms, which are seeded once):
 * in development the demo account is an Admin, so the registry console can be tried at once; the
 * farm team members are farmers.
 */
export async function seedDemoRoles(db: Kysely<Database>): Promise<void> {
  const roles = [
    { email: DEMO.email, role: 'Admin' },
    { email: DEMO.email, role: 'Farmer' },
    ...TEAM.map((p) => ({ email: p.email, role: 'Farmer' })),
  ];
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      roles.map((r) => r.email),
    )
    .execute();
  const ids = new Map(users.map((u) => [u.email, u.id]));
  const rows = roles.flatMap(({ email, role }) => {
    const id = ids.get(email);
    return id ? [{ user_id: id, role }] : [];
  });
  if (rows.length === 0) return;
  await db
    .insertInto('account_roles')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}

export async function seedFarmDemo(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const applied = await trx.selectFrom('app_meta').select('value').where('key', '=', SEED_KEY).executeTakeFirst();
    if (applied?.value === SEED_VERSION) return;

    const demoId = await ensureUser(trx, DEMO);
    const team: Record<string, string> = {};
    for (const person of TEAM) team[person.key] = await ensureUser(trx, person);
    await buildFarms(trx, demoId, team);

    await trx
      .insertInto('app_meta')
      .values({ key: SEED_KEY, value: SEED_VERSION })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: SEED_VERSION }))
      .execute();
  });
}

/** Reuses a users row with that e-mail (the person may have signed up before the seed ran). */
async function ensureUser(trx: Trx, person: Person): Promise<string> {
  const existing = await trx.selectFrom('users').select('id').where('email', '=', person.email).executeTakeFirst();
  if (existing) return existing.id;
  const row = await trx
    .insertInto('users')
    .values({
      firebase_uid: `seed:${person.key}`,
      email: person.email,
      username: person.email.split('@')[0]!.replace(/[^a-z0-9]/g, ''),
      first_name: person.first,
      last_name: person.last,
      full_name: `${person.first} ${person.last}`,
      msisdn: person.phone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function buildFarms(trx: Trx, demoId: string, team: Record<string, string>): Promise<void> {
  const person = (key: string) => team[key]!;

  const farms = await trx
    .insertInto('farms')
    .values([
      {
        name: 'Kamau Family Farm',
        location: 'Njoro',
        county: 'Nakuru',
        total_size: 200,
        owner_name: 'Wanjiku Kamau',
        established: '1998',
        description: 'Mixed maize, beans and potato farm on the Nakuru–Njoro road, run by the Kamau family for two generations.',
        icon: '🌽',
        created_by: demoId,
      },
      {
        name: 'Rift Valley Greens',
        location: 'Eldoret',
        county: 'Uasin Gishu',
        total_size: 150,
        owner_name: 'Wanjiku Kamau',
        established: '2012',
        description: 'Greenhouse tomatoes and open-field kale for the Eldoret and Nairobi markets.',
        icon: '🥬',
        created_by: demoId,
      },
      {
        name: 'Kiambu Highlands Tea',
        location: 'Limuru',
        county: 'Kiambu',
        total_size: 100,
        owner_name: 'Wanjiku Kamau',
        established: '2005',
        description: 'Smallholder tea estate delivering green leaf to the local factory.',
        icon: '🍵',
        created_by: demoId,
      },
    ])
    .returning(['id', 'name'])
    .execute();
  const [kamau, greens, tea] = farms.map((f) => f.id) as [string, string, string];

  const fieldSpecs = [
    {
      farm_id: kamau,
      name: 'North Block',
      size: 60,
      crop_type: 'Maize',
      planting_date: '2026-10-05',
      status: 'growing',
      location: 'North of the homestead',
    },
    {
      farm_id: kamau,
      name: 'River Plot',
      size: 25,
      crop_type: 'Beans',
      planting_date: '2026-10-10',
      status: 'growing',
      location: 'Along the Njoro river',
    },
    {
      farm_id: kamau,
      name: 'Hillside',
      size: 30,
      crop_type: 'Potatoes',
      planting_date: '2026-10-12',
      status: 'growing',
      location: 'Western slope',
    },
    {
      farm_id: kamau,
      name: 'East Paddock',
      size: 45,
      crop_type: 'Maize',
      planting_date: '2026-10-20',
      status: 'planted',
      location: 'East boundary',
    },
    {
      farm_id: kamau,
      name: 'Homestead Garden',
      size: 5,
      crop_type: 'Vegetables',
      planting_date: '2026-09-01',
      status: 'harvesting',
      location: 'Beside the house',
    },
    {
      farm_id: greens,
      name: 'Greenhouse Block A',
      size: 10,
      crop_type: 'Tomatoes',
      planting_date: '2026-10-20',
      status: 'growing',
      location: 'Greenhouses 1-8',
    },
    {
      farm_id: greens,
      name: 'Kale Beds',
      size: 15,
      crop_type: 'Kale',
      planting_date: '2026-10-18',
      status: 'growing',
      location: 'Near the borehole',
    },
    {
      farm_id: greens,
      name: 'Upper Field',
      size: 60,
      crop_type: 'Wheat',
      planting_date: '2026-07-01',
      status: 'planted',
      location: 'Upper terrace',
    },
    {
      farm_id: greens,
      name: 'Lower Field',
      size: 40,
      crop_type: 'Maize',
      planting_date: '2026-04-01',
      status: 'harvesting',
      location: 'Lower terrace',
    },
    {
      farm_id: tea,
      name: 'Tea Estate North',
      size: 45,
      crop_type: 'Tea',
      planting_date: '2015-03-01',
      status: 'growing',
      location: 'North ridge',
    },
    {
      farm_id: tea,
      name: 'Tea Estate South',
      size: 35,
      crop_type: 'Tea',
      planting_date: '2016-03-01',
      status: 'growing',
      location: 'South ridge',
    },
    {
      farm_id: tea,
      name: 'Nursery',
      size: 5,
      crop_type: 'Tea seedlings',
      planting_date: '2026-06-01',
      status: 'planted',
      location: 'By the factory road',
    },
  ];
  const fields = await trx.insertInto('fields').values(fieldSpecs).returning(['id', 'name']).execute();
  const field = (name: string) => fields.find((f) => f.name === name)!.id;

  const seasons = await trx
    .insertInto('seasons')
    .values([
      { farm_id: kamau, name: 'Short Rains 2026', crop_type: 'Maize', start_date: '2026-10-01', end_date: '2027-02-28', status: 'active' },
      {
        farm_id: greens,
        name: 'Short Rains 2026 Vegetables',
        crop_type: 'Vegetables',
        start_date: '2026-10-15',
        end_date: '2027-02-15',
        status: 'active',
      },
      {
        farm_id: tea,
        field_id: field('Tea Estate North'),
        name: 'Main Flush 2026',
        crop_type: 'Tea',
        start_date: '2026-03-01',
        end_date: '2026-09-30',
        status: 'completed',
      },
      { farm_id: kamau, name: 'Long Rains 2027', crop_type: 'Maize', start_date: '2027-03-15', end_date: '2027-08-31', status: 'upcoming' },
    ])
    .returning(['id', 'name'])
    .execute();
  const [shortRains, greensSeason, mainFlush] = seasons.map((s) => s.id) as [string, string, string];

  const crops = await trx
    .insertInto('crops')
    .values([
      {
        farm_id: kamau,
        field_id: field('North Block'),
        season_id: shortRains,
        name: 'Maize',
        area: 60,
        planted_date: '2026-10-05',
        expected_harvest: '2027-02-20',
        yield_per_hectare: 4.5,
        status: 'growing',
        created_by: demoId,
      },
      {
        farm_id: kamau,
        field_id: field('River Plot'),
        season_id: shortRains,
        name: 'Beans',
        area: 25,
        planted_date: '2026-10-10',
        expected_harvest: '2027-01-10',
        yield_per_hectare: 1.2,
        status: 'growing',
        created_by: person('grace-wambui'),
      },
      {
        farm_id: kamau,
        field_id: field('Hillside'),
        season_id: shortRains,
        name: 'Potatoes',
        area: 30,
        planted_date: '2026-10-12',
        expected_harvest: '2027-01-25',
        yield_per_hectare: 18,
        status: 'growing',
        created_by: person('grace-wambui'),
      },
      {
        farm_id: greens,
        field_id: field('Greenhouse Block A'),
        season_id: greensSeason,
        name: 'Tomatoes',
        area: 10,
        planted_date: '2026-10-20',
        expected_harvest: '2027-01-20',
        yield_per_hectare: 40,
        status: 'growing',
        created_by: demoId,
      },
      {
        farm_id: greens,
        field_id: field('Kale Beds'),
        season_id: greensSeason,
        name: 'Kale',
        area: 15,
        planted_date: '2026-10-18',
        expected_harvest: '2026-12-20',
        yield_per_hectare: 12,
        status: 'growing',
        created_by: demoId,
      },
      {
        farm_id: tea,
        field_id: field('Tea Estate North'),
        season_id: mainFlush,
        name: 'Tea',
        area: 45,
        planted_date: '2026-03-01',
        expected_harvest: '2026-09-30',
        yield_per_hectare: 2.4,
        status: 'harvested',
        created_by: demoId,
      },
    ])
    .returning(['id', 'name'])
    .execute();
  const crop = (name: string) => crops.find((c) => c.name === name)!.id;

  // Eight people in all: the Owner, five colleagues with accounts and two pending invitations.
  const member = (
    farmId: string,
    key: string,
    role: string,
    narrowing: { field_id?: string; season_id?: string; crop_id?: string } = {},
  ) => {
    const p = TEAM.find((t) => t.key === key)!;
    return {
      farm_id: farmId,
      user_id: person(key),
      name: `${p.first} ${p.last}`,
      email: p.email,
      phone: p.phone,
      role,
      status: 'active',
      ...narrowing,
    };
  };
  const owner = (farmId: string) => ({
    farm_id: farmId,
    user_id: demoId,
    name: 'Wanjiku Kamau',
    email: DEMO.email,
    phone: DEMO.phone,
    role: 'Owner',
    status: 'active',
    added_at: new Date('2026-01-05T08:00:00Z'),
  });
  await trx
    .insertInto('farm_members')
    .values([
      owner(kamau),
      owner(greens),
      owner(tea),
      member(kamau, 'peter-otieno', 'Farm Manager'),
      member(kamau, 'grace-wambui', 'Field Supervisor', { field_id: field('North Block'), season_id: shortRains }),
      member(kamau, 'mary-achieng', 'Accountant'),
      member(greens, 'john-kiprop', 'Field Worker', {
        field_id: field('Greenhouse Block A'),
        season_id: greensSeason,
        crop_id: crop('Tomatoes'),
      }),
      member(tea, 'david-mutua', 'Viewer'),
      {
        farm_id: greens,
        user_id: null,
        name: 'Faith Chebet',
        email: 'faith.chebet@demo.shambasoko.co.ke',
        phone: '+254 757 100 206',
        role: 'Farm Manager',
        status: 'invited',
      },
      {
        farm_id: tea,
        user_id: null,
        name: 'Samuel Njoroge',
        email: 'samuel.njoroge@demo.shambasoko.co.ke',
        phone: '+254 768 100 207',
        role: 'Field Worker',
        status: 'invited',
        field_id: field('Tea Estate South'),
      },
    ])
    .execute();

  await trx
    .insertInto('activities')
    .values([
      {
        farm_id: kamau,
        field_id: field('North Block'),
        season_id: shortRains,
        crop_id: crop('Maize'),
        name: 'Land Preparation',
        assignee_id: person('grace-wambui'),
        status: 'Completed',
        due_date: '2026-10-03',
        notes: 'Ploughing and harrowing done with hired tractor.',
        created_by: demoId,
      },
      {
        farm_id: kamau,
        field_id: field('North Block'),
        season_id: shortRains,
        crop_id: crop('Maize'),
        name: 'Planting',
        assignee_id: person('grace-wambui'),
        status: 'Completed',
        due_date: '2026-10-05',
        notes: 'DH04 seed at 75 x 25 cm spacing.',
        created_by: demoId,
      },
      {
        farm_id: kamau,
        field_id: field('North Block'),
        season_id: shortRains,
        crop_id: crop('Maize'),
        name: 'Fertilizing',
        assignee_id: person('peter-otieno'),
        status: 'In Progress',
        due_date: '2026-11-25',
        notes: 'CAN top dressing at knee height.',
        created_by: demoId,
      },
      {
        farm_id: kamau,
        field_id: field('Hillside'),
        season_id: shortRains,
        crop_id: crop('Potatoes'),
        name: 'Weeding',
        assignee_id: person('grace-wambui'),
        status: 'Pending',
        due_date: '2026-12-02',
        notes: 'Second weeding and earthing up.',
        created_by: demoId,
      },
      {
        farm_id: kamau,
        field_id: field('Hillside'),
        season_id: shortRains,
        crop_id: crop('Potatoes'),
        name: 'Pest Control',
        assignee_id: null,
        status: 'Pending',
        due_date: '2026-12-05',
        notes: 'Watch for late blight after the rains.',
        created_by: demoId,
      },
      {
        farm_id: kamau,
        field_id: field('River Plot'),
        season_id: shortRains,
        crop_id: crop('Beans'),
        name: 'Irrigation',
        assignee_id: person('peter-otieno'),
        status: 'In Progress',
        due_date: null,
        notes: '',
        created_by: demoId,
      },
      {
        farm_id: greens,
        field_id: field('Greenhouse Block A'),
        season_id: greensSeason,
        crop_id: crop('Tomatoes'),
        name: 'Irrigation',
        assignee_id: person('john-kiprop'),
        status: 'In Progress',
        due_date: '2026-11-30',
        notes: 'Check drip lines in houses 3 and 4.',
        created_by: demoId,
      },
      {
        farm_id: greens,
        field_id: field('Kale Beds'),
        season_id: greensSeason,
        crop_id: crop('Kale'),
        name: 'Harvesting',
        assignee_id: person('john-kiprop'),
        status: 'Pending',
        due_date: '2026-12-20',
        notes: 'First picking for the Eldoret market.',
        created_by: demoId,
      },
      {
        farm_id: tea,
        field_id: field('Tea Estate North'),
        season_id: mainFlush,
        crop_id: crop('Tea'),
        name: 'Harvesting',
        assignee_id: null,
        status: 'Completed',
        due_date: '2026-09-30',
        notes: 'Main flush plucking round closed.',
        created_by: demoId,
      },
    ])
    .execute();

  // Planned 770,000 KES in all; the Kamau short-rains plan is the 350,000 of the spec's budget view.
  const plan = (farmId: string, seasonId: string, lines: Record<string, number>) =>
    Object.entries(lines).map(([category, planned]) => ({ farm_id: farmId, season_id: seasonId, category, planned }));
  await trx
    .insertInto('budgets')
    .values([
      ...plan(kamau, shortRains, {
        'Seeds & Planting': 80_000,
        Fertilizers: 90_000,
        Labor: 100_000,
        Equipment: 40_000,
        'Pest Control': 25_000,
        Fuel: 15_000,
      }),
      ...plan(greens, greensSeason, {
        'Seeds & Planting': 50_000,
        Fertilizers: 60_000,
        Labor: 70_000,
        Irrigation: 50_000,
        'Pest Control': 20_000,
      }),
      ...plan(tea, mainFlush, { Fertilizers: 50_000, Labor: 90_000, Maintenance: 30_000 }),
    ])
    .execute();

  // Spent 450,000 KES in all: 260,000 + 110,000 + 80,000.
  const cost = (
    farmId: string,
    seasonId: string,
    fieldName: string,
    cropName: string,
    date: string,
    activityType: string,
    category: string,
    description: string,
    amount: number,
  ) => ({
    farm_id: farmId,
    season_id: seasonId,
    field_id: field(fieldName),
    crop_id: crop(cropName),
    cost_date: date,
    activity_type: activityType,
    category,
    description,
    amount,
    created_by: demoId,
  });
  await trx
    .insertInto('costs')
    .values([
      cost(
        kamau,
        shortRains,
        'North Block',
        'Maize',
        '2026-10-01',
        'Equipment Rental',
        'Equipment',
        'Tractor hire for ploughing, 60 ha',
        28_000,
      ),
      cost(
        kamau,
        shortRains,
        'North Block',
        'Maize',
        '2026-10-02',
        'Planting',
        'Seeds & Planting',
        'Certified maize seed (DH04), 30 bags',
        45_000,
      ),
      cost(
        kamau,
        shortRains,
        'North Block',
        'Maize',
        '2026-10-03',
        'Land Preparation',
        'Labor',
        'Casual labour for land preparation',
        40_000,
      ),
      cost(
        kamau,
        shortRains,
        'North Block',
        'Maize',
        '2026-10-06',
        'Fertilizing',
        'Fertilizers',
        'DAP planting fertilizer, 24 bags',
        72_000,
      ),
      cost(kamau, shortRains, 'River Plot', 'Beans', '2026-10-08', 'Planting', 'Seeds & Planting', 'Rosecoco bean seed', 33_000),
      cost(kamau, shortRains, 'River Plot', 'Beans', '2026-11-01', 'Irrigation', 'Fuel', 'Diesel for the river pump', 5_500),
      cost(kamau, shortRains, 'Hillside', 'Potatoes', '2026-11-05', 'Weeding', 'Labor', 'Weeding crew, 8 people for 5 days', 24_000),
      cost(kamau, shortRains, 'Hillside', 'Potatoes', '2026-11-12', 'Pest Control', 'Pest Control', 'Blight fungicide spray', 12_500),
      cost(
        greens,
        greensSeason,
        'Greenhouse Block A',
        'Tomatoes',
        '2026-10-18',
        'Planting',
        'Seeds & Planting',
        'Hybrid tomato seedlings',
        38_000,
      ),
      cost(greens, greensSeason, 'Kale Beds', 'Kale', '2026-10-25', 'Fertilizing', 'Fertilizers', 'CAN fertilizer for kale beds', 30_000),
      cost(
        greens,
        greensSeason,
        'Greenhouse Block A',
        'Tomatoes',
        '2026-11-08',
        'Weeding',
        'Labor',
        'Greenhouse labour, pruning and weeding',
        22_000,
      ),
      cost(
        greens,
        greensSeason,
        'Greenhouse Block A',
        'Tomatoes',
        '2026-11-15',
        'Irrigation',
        'Irrigation',
        'Drip irrigation repairs',
        20_000,
      ),
      cost(tea, mainFlush, 'Tea Estate North', 'Tea', '2026-06-30', 'Harvesting', 'Labor', 'Tea plucking wages, main flush', 60_000),
      cost(tea, mainFlush, 'Tea Estate North', 'Tea', '2026-04-10', 'Fertilizing', 'Fertilizers', 'NPK 26:5:5 top dressing', 20_000),
    ])
    .execute();
}
