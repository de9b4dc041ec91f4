import { type Kysely, sql } from 'kysely';

// Farm report for a loan (issue 42): a share link (migration 043) may also open a farm's report, with
// the seasons and parts its farmer chose, so a loan officer reads the same PDF until it expires.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table share_links drop constraint share_links_kind_check`.execute(db);
  await sql`alter table share_links add constraint share_links_kind_check check (kind in ('receipt', 'statement', 'farm_report'))`.execute(
    db,
  );
  await sql`alter table share_links add column farm_id uuid references farms (id) on delete cascade`.execute(db);
  // Comma-separated season ids and parts (yields, money, payments), as the report's query names them.
  await sql`alter table share_links add column report_seasons text check (char_length(report_seasons) <= 400)`.execute(db);
  await sql`alter table share_links add column report_include text check (char_length(report_include) <= 100)`.execute(db);
  await sql`alter table share_links add constraint share_links_farm_report check ((kind = 'farm_report') = (farm_id is not null))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from share_links where kind = 'farm_report'`.execute(db);
  await sql`alter table share_links drop constraint share_links_farm_report`.execute(db);
  await sql`alter table share_links drop column report_include`.execute(db);
  await sql`alter table share_links drop column report_seasons`.execute(db);
  await sql`alter table share_links drop column farm_id`.execute(db);
  await sql`alter table share_links drop constraint share_links_kind_check`.execute(db);
  await sql`alter table share_links add constraint share_links_kind_check check (kind in ('receipt', 'statement'))`.execute(db);
}
