import { type Kysely, sql } from 'kysely';

// Data versions for the answer cache (issue 43; core-api/README.md "Versioned answers").
//
//   data_versions (scope) → version      'f:<farm id>'   any row of the farm changed
//                                        'u:<user id>'   any row of a farm the user belongs to, or a membership of theirs
//                                        's:<seller id>' any sale of the shop (parts, orders, lines, events, disputes, refunds)
//                                        'g:people'      a person's name or e-mail (lists show them)
//
// Statement-level triggers bump them in the writing transaction, so a request that reads a version
// from PostgreSQL and then the data never caches older data under a newer version, whichever API
// process served the write. Concurrency as in 008: the farm's row ('f:') is locked first, in its own
// statement; the members who receive 'u:' bumps are read by a later statement (a new snapshot), so a
// membership committed meanwhile is seen, and a membership change waits for the farm's writers.
// Scopes are upserted in sorted order to keep lock order stable.

/**
 * Farm-scoped tables and the column naming the farm. farm_stats is left out: only the triggers of the
 * tables it sums write it (008), and those bump already.
 */
export const FARM_VERSIONED: Record<string, string> = {
  farms: 'id',
  farm_members: 'farm_id',
  fields: 'farm_id',
  seasons: 'farm_id',
  crops: 'farm_id',
  activities: 'farm_id',
  harvests: 'farm_id',
  crop_income: 'farm_id',
  costs: 'farm_id',
  budgets: 'farm_id',
  share_links: 'farm_id',
};

/** Seller-scoped tables: a SELECT of the seller ids behind a set of rows `r`. */
export const SELLER_VERSIONED: Record<string, (r: string) => string> = {
  sellers: (r) => `select id as seller_id from ${r}`,
  order_fulfilments: (r) => `select seller_id from ${r}`,
  order_items: (r) => `select seller_id from ${r}`,
  disputes: (r) => `select seller_id from ${r}`,
  orders: (r) => `select f.seller_id from order_fulfilments f where f.order_id in (select id from ${r})`,
  fulfilment_events: (r) => `select f.seller_id from order_fulfilments f where f.id in (select fulfilment_id from ${r})`,
  manual_refunds: (r) => `select f.seller_id from order_fulfilments f where f.id in (select fulfilment_id from ${r})`,
};

const EVENTS = ['insert', 'update', 'delete'] as const;
const transitions = {
  insert: 'referencing new table as new_rows',
  update: 'referencing old table as old_rows new table as new_rows',
  delete: 'referencing old table as old_rows',
};

/** The changed rows of the firing statement as one relation `r`: new rows, old rows, or both. */
function changed(select: (r: string) => string): string {
  return `
    if TG_OP = 'INSERT' then ${select('new_rows r')};
    elsif TG_OP = 'DELETE' then ${select('old_rows r')};
    else ${select('(select * from new_rows union all select * from old_rows) r')};
    end if;`;
}

function farmBody(table: string, column: string): string {
  const farms = (r: string) => `farm_ids := array(select distinct ${column} from ${r} where ${column} is not null)`;
  // A membership's own user is bumped too: after a delete it is no longer among the farm's members.
  const own = (r: string) => `own := array(select distinct user_id::text from ${r} where user_id is not null)`;
  return `declare farm_ids uuid[]; own text[]; begin
    ${changed(farms)}
    ${table === 'farm_members' ? changed(own) : ''}
    perform data_versions_bump_farms(farm_ids, own);
    return null;
  end`;
}

function sellerBody(select: (r: string) => string): string {
  return `declare sellers text[]; begin
    ${changed((r) => `sellers := array(select distinct 's:' || s.seller_id::text from (${select(r)}) s where s.seller_id is not null)`)}
    perform data_versions_bump(sellers);
    return null;
  end`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table data_versions (scope text collate "C" primary key, version int8 not null)`,
    // Bumps each scope once, in scope order.
    `create function data_versions_bump(scopes text[]) returns void language sql as $$
      insert into data_versions as v (scope, version)
      select s, 1 from (select distinct unnest(scopes) as s) x where s is not null order by s
      on conflict (scope) do update set version = v.version + 1
    $$`,
    // The farms first (locks), then, in a new snapshot, everyone who is a member of them now.
    `create function data_versions_bump_farms(farm_ids uuid[], users text[]) returns void language plpgsql as $$
    begin
      if coalesce(cardinality(farm_ids), 0) = 0 and coalesce(cardinality(users), 0) = 0 then
        return;
      end if;
      perform data_versions_bump(array(select 'f:' || f::text from unnest(farm_ids) f));
      perform data_versions_bump(array(
        select 'u:' || m.user_id::text from farm_members m where m.farm_id = any(farm_ids) and m.user_id is not null
        union select 'u:' || u from unnest(users) u));
    end
    $$`,
    // A person's name, e-mail, phone, avatar or verified flag shows in farm lists (assignees, members) and sales (buyers, steps).
    `create function data_versions_people() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from old_rows o join new_rows n on n.id = o.id
                 where (o.full_name, o.first_name, o.last_name, o.email, o.msisdn, o.email_verified, o.avatar) is distinct from (n.full_name, n.first_name, n.last_name, n.email, n.msisdn, n.email_verified, n.avatar)) then
        perform data_versions_bump(array['g:people']);
      end if;
      return null;
    end
    $$`,
    `create trigger users_data_version after update on users referencing old table as old_rows new table as new_rows
      for each statement execute function data_versions_people()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  const triggers = (table: string, body: string) => [
    `create function ${table}_data_version() returns trigger language plpgsql as $$${body}$$`,
    ...EVENTS.map(
      (event) =>
        `create trigger ${table}_data_version_${event} after ${event} on ${table} ${transitions[event]} for each statement execute function ${table}_data_version()`,
    ),
  ];
  for (const [table, column] of Object.entries(FARM_VERSIONED))
    for (const statement of triggers(table, farmBody(table, column))) await sql.raw(statement).execute(db);
  for (const [table, select] of Object.entries(SELLER_VERSIONED))
    for (const statement of triggers(table, sellerBody(select))) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...Object.keys(FARM_VERSIONED), ...Object.keys(SELLER_VERSIONED)]) {
    for (const event of EVENTS) await sql.raw(`drop trigger if exists ${table}_data_version_${event} on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_data_version()`).execute(db);
  }
  await sql.raw('drop trigger if exists users_data_version on users').execute(db);
  for (const statement of [
    'drop function if exists data_versions_people()',
    'drop function if exists data_versions_bump_farms(uuid[], text[])',
    'drop function if exists data_versions_bump(text[])',
    'drop table if exists data_versions',
  ])
    await sql.raw(statement).execute(db);
}
