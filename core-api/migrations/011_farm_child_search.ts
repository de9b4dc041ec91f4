import { type Kysely, sql } from 'kysely';

// Activities and costs searches, as migration 010 did for farms: the activities search ran two ILIKEs
// per activity (name, notes) and the costs search three per cost (description, category, activity
// type), and ILIKE lowercases each value on every comparison. One stored, already lowercased text
// matched with a plain LIKE replaces them. The parts are joined by a newline so a search (which never
// holds one: the lists fall back to the ILIKEs if it does) cannot match across two of them. The
// trigram index moves to the stored text so a rare word is still found through an index; the
// per-column trigram indexes only served these searches.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `alter table activities add column search_text text
      generated always as (lower(name) || E'\\n' || lower(notes)) stored`,
    `alter table costs add column search_text text
      generated always as (lower(description) || E'\\n' || lower(category) || E'\\n' || lower(activity_type)) stored`,
    `create index activities_search_text_trgm on activities using gin (search_text gin_trgm_ops)`,
    `create index costs_search_text_trgm on costs using gin (search_text gin_trgm_ops)`,
    `drop index if exists activities_name_trgm`,
    `drop index if exists activities_notes_trgm`,
    `drop index if exists costs_description_trgm`,
    // Statistics for the new column now: until autovacuum got to them, the searches were planned
    // without any (a cost search over 100,000 rows took 8 ms instead of 1.5).
    `analyze activities`,
    `analyze costs`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `create index if not exists activities_name_trgm on activities using gin (name gin_trgm_ops)`,
    `create index if not exists activities_notes_trgm on activities using gin (notes gin_trgm_ops)`,
    `create index if not exists costs_description_trgm on costs using gin (description gin_trgm_ops)`,
    `alter table activities drop column search_text`,
    `alter table costs drop column search_text`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
