import { type Kysely, sql } from 'kysely';

// Farm management: farms, their members, fields, seasons, crop plantings, activities, costs and budgets.
// Plain SQL rather than the schema builder: composite foreign keys, `on delete set null (col)` and
// expression indexes read better as SQL. Everything stays within PostgreSQL 15.
//
// Children carry farm_id and reference their parents through (farm_id, id), so the database itself
// refuses a season, crop, activity or cost that points at a field (season, crop) of another farm.

const ROLES = `('Owner', 'Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer')`;
const ACTIVITY_TYPES = `('Land Preparation', 'Planting', 'Fertilizing', 'Weeding', 'Pest Control', 'Irrigation', 'Harvesting', 'Equipment Rental', 'Maintenance', 'Other')`;
const BUDGET_CATEGORIES = `('Seeds & Planting', 'Fertilizers', 'Labor', 'Equipment', 'Irrigation', 'Pest Control', 'Fuel', 'Maintenance', 'Other')`;

const TABLES_WITH_UPDATED_AT = ['farms', 'farm_members', 'fields', 'seasons', 'crops', 'activities', 'costs', 'budgets'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table farms (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(trim(name)) > 0),
      location text not null default '',
      total_size double precision not null default 0 check (total_size >= 0),
      owner_name text not null default '',
      established text not null default '',
      status text not null default 'active' check (status in ('active', 'inactive')),
      description text not null default '',
      icon text not null default '',
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create table fields (
      id uuid primary key default gen_random_uuid(),
      farm_id uuid not null references farms (id) on delete cascade,
      name text not null check (length(trim(name)) > 0),
      size double precision not null check (size >= 0),
      unit text not null default 'hectares' check (unit in ('hectares', 'acres', 'square meters')),
      crop_type text not null default '',
      planting_date date not null default current_date,
      status text not null default 'planted' check (status in ('planted', 'growing', 'harvesting', 'fallow')),
      location text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (farm_id, id)
    )`,
    `create table seasons (
      id uuid primary key default gen_random_uuid(),
      farm_id uuid not null references farms (id) on delete cascade,
      field_id uuid,
      name text not null check (length(trim(name)) > 0),
      crop_type text not null default '',
      start_date date not null,
      end_date date not null,
      status text not null default 'upcoming' check (status in ('active', 'completed', 'upcoming')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (farm_id, id),
      check (end_date >= start_date),
      foreign key (farm_id, field_id) references fields (farm_id, id) on delete set null (field_id)
    )`,
    `create table crops (
      id uuid primary key default gen_random_uuid(),
      farm_id uuid not null references farms (id) on delete cascade,
      field_id uuid not null,
      season_id uuid not null,
      name text not null check (length(trim(name)) > 0),
      area double precision not null check (area >= 0),
      planted_date date not null,
      expected_harvest date not null,
      yield_per_hectare double precision check (yield_per_hectare >= 0),
      status text not null default 'planned' check (status in ('planned', 'growing', 'harvested', 'failed')),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (farm_id, id),
      check (expected_harvest >= planted_date),
      foreign key (farm_id, field_id) references fields (farm_id, id) on delete cascade,
      foreign key (farm_id, season_id) references seasons (farm_id, id) on delete cascade
    )`,
    `create table farm_members (
      id uuid primary key default gen_random_uuid(),
      farm_id uuid not null references farms (id) on delete cascade,
      -- Null while an invitation waits for its e-mail to sign up.
      user_id uuid references users (id) on delete cascade,
      name text not null default '',
      email text not null check (email = lower(email)),
      phone text not null default '',
      role text not null check (role in ${ROLES}),
      field_id uuid,
      season_id uuid,
      crop_id uuid,
      status text not null default 'active' check (status in ('active', 'invited', 'inactive')),
      added_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((user_id is null) = (status = 'invited')),
      check (role <> 'Owner' or (user_id is not null and status = 'active')),
      foreign key (farm_id, field_id) references fields (farm_id, id) on delete set null (field_id),
      foreign key (farm_id, season_id) references seasons (farm_id, id) on delete set null (season_id),
      foreign key (farm_id, crop_id) references crops (farm_id, id) on delete set null (crop_id)
    )`,
    `create table activities (
      id uuid primary key default gen_random_uuid(),
      farm_id uuid not null references farms (id) on delete cascade,
      field_id uuid not null,
      season_id uuid,
      crop_id uuid,
      name text not null check (name in ${ACTIVITY_TYPES}),
      assignee_id uuid references users (id) on delete set null,
      status text not null default 'Pending' check (status in ('Pending', 'In Progress', 'Completed')),
      due_date date,
      notes text not null default '',
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (farm_id, field_id) references fields (farm_id, id) on delete cascade,
      foreign key (farm_id, season_id) references seasons (farm_id, id) on delete set null (season_id),
      foreign key (farm_id, crop_id) references crops (farm_id, id) on delete set null (crop_id)
    )`,
    `create table costs (
      id uuid primary key default gen_random_uuid(),
      farm_id uuid not null references farms (id) on delete cascade,
      field_id uuid,
      season_id uuid,
      crop_id uuid,
      activity_type text not null check (activity_type in ${ACTIVITY_TYPES}),
      category text not null check (category in ${BUDGET_CATEGORIES}),
      description text not null default '',
      -- Whole Kenyan shillings.
      amount integer not null check (amount >= 0),
      cost_date date not null default current_date,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (farm_id, field_id) references fields (farm_id, id) on delete set null (field_id),
      foreign key (farm_id, season_id) references seasons (farm_id, id) on delete set null (season_id),
      foreign key (farm_id, crop_id) references crops (farm_id, id) on delete set null (crop_id)
    )`,
    `create table budgets (
      id uuid primary key default gen_random_uuid(),
      farm_id uuid not null references farms (id) on delete cascade,
      -- Null: a whole-farm budget line not tied to one season.
      season_id uuid,
      category text not null check (category in ${BUDGET_CATEGORIES}),
      planned integer not null check (planned >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (farm_id, season_id) references seasons (farm_id, id) on delete cascade
    )`,
    // One line per farm, season (or none) and category; coalesce makes "no season" one key.
    `create unique index budgets_line on budgets (farm_id, coalesce(season_id, '00000000-0000-0000-0000-000000000000'::uuid), category)`,
    `create index budgets_season on budgets (season_id)`,

    // Membership is the entry point of every farm query: "which farms may this user see".
    `create index farm_members_user on farm_members (user_id, farm_id) where status = 'active'`,
    `create unique index farm_members_farm_user on farm_members (farm_id, user_id) where user_id is not null`,
    `create unique index farm_members_farm_email on farm_members (farm_id, email)`,
    `create unique index farm_members_one_owner on farm_members (farm_id) where role = 'Owner'`,
    `create index farm_members_invited_email on farm_members (email) where status = 'invited'`,
    `create index farm_members_added on farm_members (added_at, id)`,
    `create index farm_members_field on farm_members (field_id)`,
    `create index farm_members_season on farm_members (season_id)`,
    `create index farm_members_crop on farm_members (crop_id)`,
    `create index farm_members_name_trgm on farm_members using gin (name gin_trgm_ops)`,
    `create index farm_members_email_trgm on farm_members using gin (email gin_trgm_ops)`,
    `create index farm_members_phone_trgm on farm_members using gin (phone gin_trgm_ops)`,

    `create index farms_created on farms (created_at, id)`,
    `create index farms_name on farms (name, id)`,
    `create index farms_name_trgm on farms using gin (name gin_trgm_ops)`,
    `create index farms_location_trgm on farms using gin (location gin_trgm_ops)`,
    `create index farms_owner_trgm on farms using gin (owner_name gin_trgm_ops)`,

    // (column, id) indexes serve each list's default order, so a page is read in order and stops early.
    `create index fields_farm_name on fields (farm_id, name)`,
    `create index fields_name on fields (name, id)`,
    `create index fields_farm_status on fields (farm_id, status)`,
    `create index fields_name_trgm on fields using gin (name gin_trgm_ops)`,
    `create index fields_crop_type_trgm on fields using gin (crop_type gin_trgm_ops)`,

    `create index seasons_farm_start on seasons (farm_id, start_date)`,
    `create index seasons_start on seasons (start_date, id)`,
    `create index seasons_farm_status on seasons (farm_id, status)`,
    `create index seasons_field on seasons (field_id)`,
    `create index seasons_name_trgm on seasons using gin (name gin_trgm_ops)`,
    `create index seasons_crop_type_trgm on seasons using gin (crop_type gin_trgm_ops)`,

    `create index crops_farm_created on crops (farm_id, created_at)`,
    `create index crops_created on crops (created_at, id)`,
    `create index crops_field on crops (field_id)`,
    `create index crops_season on crops (season_id)`,
    `create index crops_created_by on crops (created_by)`,
    `create index crops_name_trgm on crops using gin (name gin_trgm_ops)`,

    `create index activities_farm_created on activities (farm_id, created_at)`,
    `create index activities_created on activities (created_at, id)`,
    `create index activities_due on activities (due_date, id)`,
    `create index activities_farm_status on activities (farm_id, status)`,
    `create index activities_field on activities (field_id)`,
    `create index activities_season on activities (season_id)`,
    `create index activities_crop on activities (crop_id)`,
    `create index activities_assignee on activities (assignee_id)`,
    `create index activities_name_trgm on activities using gin (name gin_trgm_ops)`,
    `create index activities_notes_trgm on activities using gin (notes gin_trgm_ops)`,

    `create index costs_farm_date on costs (farm_id, cost_date)`,
    `create index costs_date on costs (cost_date, id)`,
    `create index costs_farm_category on costs (farm_id, category)`,
    `create index costs_field on costs (field_id)`,
    `create index costs_season on costs (season_id)`,
    `create index costs_crop on costs (crop_id)`,
    `create index costs_description_trgm on costs using gin (description gin_trgm_ops)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);

  for (const table of TABLES_WITH_UPDATED_AT) {
    await sql`
      create trigger ${sql.id(`${table}_set_updated_at`)} before update on ${sql.table(table)}
      for each row execute function set_updated_at()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['budgets', 'costs', 'activities', 'farm_members', 'crops', 'seasons', 'fields', 'farms']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
