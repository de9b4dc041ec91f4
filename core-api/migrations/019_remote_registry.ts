import { type Kysely, sql } from 'kysely';

// The remote registry: which remotes exist, their recorded versions, which one is live (with the
// history a rollback walks back), staged rollouts, what the live shell provides, and an audit log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table remotes (
      name text primary key,
      enabled boolean not null default true,
      roles jsonb not null default '[]'::jsonb,
      live_version text,
      updated_at timestamptz not null default now(),
      updated_by text
    )`.execute(db);
  await sql`
    create table remote_versions (
      remote text not null references remotes (name) on delete cascade,
      version text not null,
      entry text not null,
      built_at timestamptz not null,
      size_bytes bigint not null,
      requires jsonb not null default '{}'::jsonb,
      mounts jsonb not null default '[]'::jsonb,
      menu jsonb not null default '[]'::jsonb,
      registered_at timestamptz not null default now(),
      registered_by text,
      primary key (remote, version)
    )`.execute(db);
  // One row each time a version goes live; rollback pops the newest row.
  await sql`
    create table remote_live_history (
      id bigint generated always as identity primary key,
      remote text not null references remotes (name) on delete cascade,
      version text not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index remote_live_history_remote on remote_live_history (remote, id)`.execute(db);
  await sql`
    create table remote_rollouts (
      remote text primary key references remotes (name) on delete cascade,
      version text not null,
      role text not null,
      percent integer not null check (percent between 1 and 99),
      foreign key (remote, version) references remote_versions (remote, version)
    )`.execute(db);
  await sql`
    create table shell_builds (
      version text primary key,
      provides jsonb not null,
      registered_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table remote_audit (
      id bigint generated always as identity primary key,
      remote text not null,
      action text not null,
      actor_id text,
      actor_name text not null,
      at timestamptz not null default now(),
      before jsonb,
      after jsonb
    )`.execute(db);
  // Bumped by every registry write, so each API process can tell whether its cached manifest is stale.
  await sql`create table registry_revision (id integer primary key check (id = 1), revision bigint not null)`.execute(db);
  await sql`insert into registry_revision (id, revision) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'registry_revision',
    'remote_audit',
    'shell_builds',
    'remote_rollouts',
    'remote_live_history',
    'remote_versions',
    'remotes',
  ])
    await sql`drop table ${sql.table(table)}`.execute(db);
}
