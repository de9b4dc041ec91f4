import { type Kysely, sql } from 'kysely';

// API keys and webhooks reach shops' data from outside: creating, revoking, adding or turning one off
// is an Admin action like any other, recorded in admin_actions with the key or webhook as subject.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admin_actions drop constraint admin_actions_subject_kind_check`.execute(db);
  await sql`alter table admin_actions add constraint admin_actions_subject_kind_check check (subject_kind in ('account', 'product', 'seller', 'refund', 'api_key', 'webhook'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from admin_actions where subject_kind in ('api_key', 'webhook')`.execute(db);
  await sql`alter table admin_actions drop constraint admin_actions_subject_kind_check`.execute(db);
  await sql`alter table admin_actions add constraint admin_actions_subject_kind_check check (subject_kind in ('account', 'product', 'seller', 'refund'))`.execute(
    db,
  );
}
