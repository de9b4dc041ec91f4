import { type Kysely, sql } from 'kysely';

// Kenya Data Protection Act 2019 (issue 12, item 9).
// - Erasure: an account can be deleted while sellers keep their order lines and amounts for their
//   books, so an order outlives its buyer (user_id set null; the service blanks the shipping details).
// - Minimisation: sessions keep only the device's make, model, OS and OS version; serial number,
//   IMEI, MAC and IP address already stored are dropped.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders alter column user_id drop not null`.execute(db);
  await sql`alter table orders drop constraint orders_user_id_fkey`.execute(db);
  await sql`alter table orders add constraint orders_user_id_fkey foreign key (user_id) references users (id) on delete set null`.execute(
    db,
  );
  await stripDeviceIdentifiers(db);
  // The purge job deletes read notifications by age.
  await sql`create index notifications_read_at on notifications (read_at) where read_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_read_at`.execute(db);
  await sql`alter table orders drop constraint orders_user_id_fkey`.execute(db);
  // Orders of deleted accounts have no buyer any more; they keep a null user_id.
  await sql`alter table orders add constraint orders_user_id_fkey foreign key (user_id) references users (id) on delete restrict`.execute(
    db,
  );
}

/** Keeps make, model, os and osVersion of every stored session device; exported for its test. */
export async function stripDeviceIdentifiers(db: Kysely<unknown>): Promise<void> {
  await sql`
    update auth_sessions set device = (
      select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(device)
      where key in ('make', 'model', 'os', 'osVersion')
    )
    where exists (select 1 from jsonb_object_keys(device) k where k not in ('make', 'model', 'os', 'osVersion'))
  `.execute(db);
}
