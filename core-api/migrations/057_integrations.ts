import { type Kysely, sql } from 'kysely';

// Partner integrations (issue 44): API keys and webhooks, each owned by one organisation (a shop, a
// farm, or a named partner). A key is stored as the SHA-256 of its secret; only its prefix is kept
// readable. Webhook deliveries are an outbox the scheduler drains, and their log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      org_kind text not null check (org_kind in ('shop', 'farm', 'partner')),
      org_id uuid,
      org_name text not null check (char_length(org_name) between 1 and 120),
      name text not null check (char_length(name) between 1 and 80),
      prefix text not null check (char_length(prefix) between 8 and 20),
      secret_hash text not null unique check (char_length(secret_hash) = 64),
      scopes text[] not null check (cardinality(scopes) between 1 and 10),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      check ((org_kind = 'partner') = (org_id is null))
    )
  `.execute(db);
  await sql`create index api_keys_org on api_keys (org_kind, org_id)`.execute(db);
  await sql`
    create table webhook_endpoints (
      id uuid primary key default gen_random_uuid(),
      org_kind text not null check (org_kind in ('shop', 'farm', 'partner')),
      org_id uuid,
      org_name text not null check (char_length(org_name) between 1 and 120),
      url text not null check (char_length(url) between 10 and 500),
      events text[] not null check (cardinality(events) between 1 and 10),
      secret text not null check (char_length(secret) between 32 and 100),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      disabled_at timestamptz,
      check ((org_kind = 'partner') = (org_id is null))
    )
  `.execute(db);
  await sql`create index webhook_endpoints_org on webhook_endpoints (org_kind, org_id)`.execute(db);
  await sql`
    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      event_id uuid not null,
      event_type text not null check (char_length(event_type) between 3 and 40),
      payload jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'sending', 'delivered', 'failed')),
      attempts integer not null default 0 check (attempts >= 0),
      next_attempt_at timestamptz not null default now(),
      last_status integer,
      last_error text,
      created_at timestamptz not null default now(),
      delivered_at timestamptz,
      unique (endpoint_id, event_id)
    )
  `.execute(db);
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status in ('pending', 'sending')`.execute(db);
  await sql`create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_endpoints`.execute(db);
  await sql`drop table api_keys`.execute(db);
}
