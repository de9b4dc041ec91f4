import { type Kysely, sql } from 'kysely';

// Suspension (an Admin's, with a reason) and the audit of every Admin action. The audit keeps
// before/after as JSON so one table serves accounts, listings, sellers and roles; the subject is
// text, not a foreign key, so the history outlives an erased account or a deleted listing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column suspended_at timestamptz,
      add column suspended_by uuid references users (id) on delete set null,
      add column suspension_reason text check (char_length(suspension_reason) <= 500)`.execute(db);
  await sql`
    create table admin_actions (
      id uuid primary key default gen_random_uuid(),
      actor_id uuid references users (id) on delete set null,
      action text not null,
      subject_kind text not null check (subject_kind in ('account', 'product', 'seller')),
      subject_id text not null,
      before jsonb not null default '{}'::jsonb,
      after jsonb not null default '{}'::jsonb,
      reason text check (char_length(reason) <= 500),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index admin_actions_subject_idx on admin_actions (subject_kind, subject_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table admin_actions`.execute(db);
  await sql`alter table users drop column suspended_at, drop column suspended_by, drop column suspension_reason`.execute(db);
}
