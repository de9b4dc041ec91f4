import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

export async function findPromo(db: Kysely<Database> | Transaction<Database>, code: string) {
  return db
    .selectFrom('promos')
    .select(['code', 'type', 'value', 'min_order', 'expires_at', 'active'])
    .where('code', '=', code)
    .executeTakeFirst();
}
