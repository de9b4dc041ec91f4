import { type Kysely, sql } from 'kysely';

// A farm's location becomes a county (one of Kenya's 47) plus a free-text place. The old free text
// stays in `location` as the place; `county` is null where it names no county. The list is written
// out here (not imported) so this migration never changes once shipped.
const COUNTIES = [
  ...['Baringo', 'Bomet', 'Bungoma', 'Busia', 'Elgeyo-Marakwet', 'Embu', 'Garissa', 'Homa Bay', 'Isiolo', 'Kajiado'],
  ...['Kakamega', 'Kericho', 'Kiambu', 'Kilifi', 'Kirinyaga', 'Kisii', 'Kisumu', 'Kitui', 'Kwale', 'Laikipia', 'Lamu'],
  ...['Machakos', 'Makueni', 'Mandera', 'Marsabit', 'Meru', 'Migori', 'Mombasa', "Murang'a", 'Nairobi', 'Nakuru'],
  ...['Nandi', 'Narok', 'Nyamira', 'Nyandarua', 'Nyeri', 'Samburu', 'Siaya', 'Taita-Taveta', 'Tana River'],
  ...['Tharaka-Nithi', 'Trans Nzoia', 'Turkana', 'Uasin Gishu', 'Vihiga', 'Wajir', 'West Pokot'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const list = sql.join(COUNTIES.map((c) => sql.lit(c)));
  await sql`alter table farms add column county text check (county = any (array[${list}]))`.execute(db);
  // Backfill: the longest county named as a whole word in the old text ("Near Molo, Nakuru" → Nakuru).
  await sql`
    update farms f set county = (
      select c from unnest(array[${list}]) c
      where lower(f.location) ~ ('\\m' || lower(c) || '\\M')
      order by length(c) desc limit 1
    )
  `.execute(db);
  // The list search (migration 010) also finds a farm by its county. PostgreSQL 15 cannot change a
  // generated column's expression, so it is made again.
  await sql`alter table farms drop column search_text`.execute(db);
  await sql`
    alter table farms add column search_text text generated always as (
      lower(name) || E'\n' || lower(location) || E'\n' || lower(owner_name) || E'\n' || lower(coalesce(county, ''))
    ) stored
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table farms drop column search_text`.execute(db);
  await sql`alter table farms drop column county`.execute(db);
  await sql`
    alter table farms add column search_text text
      generated always as (lower(name) || E'\n' || lower(location) || E'\n' || lower(owner_name)) stored
  `.execute(db);
}
