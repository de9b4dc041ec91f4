import { type Kysely, type RawBuilder, sql } from 'kysely';

// A listing may carry a Kiswahili title (issue 42). Search reads it as it reads the name (weight A),
// so the generated search vector is rebuilt with it; PostgreSQL 15 cannot change a generated
// column's expression in place, so the column and its index are dropped and added again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column title_sw text check (char_length(title_sw) between 1 and 200)`.execute(db);
  await searchVector(db, sql`setweight(to_tsvector('english', coalesce(title_sw, '')), 'A') ||`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await searchVector(db, sql``);
  await sql`alter table products drop column title_sw`.execute(db);
}

async function searchVector(db: Kysely<unknown>, kiswahili: RawBuilder<unknown>): Promise<void> {
  await sql`alter table products drop column search_vector`.execute(db);
  await sql`
    alter table products add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', name), 'A') ||
      ${kiswahili}
      setweight(to_tsvector('english', category || ' ' || county), 'B') ||
      setweight(to_tsvector('english', description), 'C')
    ) stored`.execute(db);
  await sql`create index products_search_vector on products using gin (search_vector)`.execute(db);
}
