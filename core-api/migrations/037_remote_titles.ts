import { type Kysely, sql } from 'kysely';

// A remote's human name and description ({ en, sw }) from its remote.json, recorded with each version
// so the console shows "Market" rather than "market". Null for versions registered before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table remote_versions add column title jsonb, add column description jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table remote_versions drop column title, drop column description`.execute(db);
}
