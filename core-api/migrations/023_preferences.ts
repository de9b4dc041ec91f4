import { type Kysely, sql } from 'kysely';

// Preferences (issue 17): one row per user, written on the first save; a user without a row has the
// defaults (English, acres, every in-app notification on). Sizes stay stored in hectares: the area
// unit only changes how they are shown and entered.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_preferences (
      user_id uuid primary key references users (id) on delete cascade,
      language text not null default 'en' check (language in ('en', 'sw')),
      area_unit text not null default 'acres' check (area_unit in ('acres', 'hectares')),
      notify_order_updates boolean not null default true,
      notify_task_assignments boolean not null default true,
      notify_payment_updates boolean not null default true,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_preferences`.execute(db);
}
