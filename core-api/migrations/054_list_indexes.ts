import { type Kysely, sql } from 'kysely';

// Lists in one round trip (issue 43): the seller's Sales list reads its page's disputes by part.
// Only the open ones had an index (disputes_one_open); decided ones were found by scanning every
// dispute of the platform (README, "Query plans").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index disputes_fulfilment on disputes (fulfilment_id, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index disputes_fulfilment`.execute(db);
}
