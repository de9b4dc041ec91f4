import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<unknown>: they describe the schema at their own point in history,
// not the Database interface of today. SQL stays within PostgreSQL 15 (CI runs Debian's).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Trigram indexes back the case-insensitive substring search the product uses everywhere.
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`
    create function set_updated_at() returns trigger language plpgsql as $$
    begin
      new.updated_at := now();
      return new;
    end
    $$
  `.execute(db);

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('firebase_uid', 'text', (col) => col.notNull().unique())
    // Lowercased rather than citext: one less extension to install on every server.
    .addColumn('email', 'text', (col) =>
      col
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('full_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('msisdn', 'text')
    .addColumn('avatar', 'text')
    .addColumn('terms_accepted', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('terms_version', 'text')
    .addColumn('privacy_policy_accepted', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('privacy_policy_version', 'text')
    .addColumn('cookie_policy_accepted', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('cookie_policy_version', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('hero_images')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('image_path', 'text', (col) => col.notNull().unique())
    .addColumn('alt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  for (const table of ['app_meta', 'users', 'hero_images']) {
    await sql`
      create trigger ${sql.id(`${table}_set_updated_at`)} before update on ${sql.table(table)}
      for each row execute function set_updated_at()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hero_images').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('app_meta').execute();
  await sql`drop function set_updated_at()`.execute(db);
  // pg_trgm stays: objects outside this migration may depend on it.
}
