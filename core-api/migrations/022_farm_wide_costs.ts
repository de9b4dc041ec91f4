import { type Kysely, sql } from 'kysely';

// Lighter cost entry (issue 17): a cost needs only an amount, a category and a date. Field, season and
// crop were already nullable (a farm-wide overhead such as fuel or fencing has none of them); the
// activity type becomes optional by defaulting to 'Other', so every existing row and reader stays as is.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table costs alter column activity_type set default 'Other'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table costs alter column activity_type drop default`.execute(db);
}
