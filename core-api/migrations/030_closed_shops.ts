import { type Kysely, sql } from 'kysely';

// A shop whose account was erased is closed (issue 38): out of the storefront and the catalog, its
// contact details gone. The row stays, since past orders name their seller.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sellers
      add column closed_at timestamptz,
      add constraint sellers_closed_without_contacts
        check (closed_at is null or (phone = '' and email = '' and whatsapp is null and pickup_location = ''))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sellers drop constraint sellers_closed_without_contacts, drop column closed_at`.execute(db);
}
