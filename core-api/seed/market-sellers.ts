import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import sellerAccounts from './market/seller-accounts.json';

interface SellerAccount {
  seller: string;
  email: string;
  first: string;
  last: string;
  role: 'Farmer' | 'Supplier';
}

/** Shared with scripts/start.mjs, which makes each sign-in in the auth emulator. */
export const SELLER_ACCOUNTS: readonly SellerAccount[] = sellerAccounts.accounts as SellerAccount[];

/**
 * Development and test only: every seeded seller is run by an account that can sign in, so the
 * seeded products can be managed, sold and fulfilled like any seller's. Users rows are placeholders
 * (firebase_uid 'seed:seller-<slug>'), linked to the emulator account by e-mail at first sign-in as
 * the demo account is. Idempotent at every start; a seller that already has an account keeps it.
 */
export async function seedSellerAccounts(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const emails = SELLER_ACCOUNTS.map((a) => a.email);
    const existing = await trx.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
    const ids = new Map(existing.map((u) => [u.email, u.id]));
    const missing = SELLER_ACCOUNTS.filter((a) => !ids.has(a.email));
    if (missing.length > 0) {
      const made = await trx
        .insertInto('users')
        .values(
          missing.map((a) => ({
            firebase_uid: `seed:seller-${a.seller}`,
            email: a.email,
            username: a.email.split('@')[0]!.replace(/[^a-z0-9]/g, ''),
            first_name: a.first,
            last_name: a.last,
            full_name: `${a.first} ${a.last}`,
          })),
        )
        .returning(['id', 'email'])
        .execute();
      for (const u of made) ids.set(u.email, u.id);
    }
    await trx
      .insertInto('account_roles')
      .values(SELLER_ACCOUNTS.map((a) => ({ user_id: ids.get(a.email)!, role: a.role })))
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
    for (const account of SELLER_ACCOUNTS) {
      await trx
        .updateTable('sellers')
        .set({ user_id: ids.get(account.email)! })
        .where('slug', '=', account.seller)
        .where('user_id', 'is', null)
        // A shop closed by its account's erasure stays closed.
        .where('closed_at', 'is', null)
        .execute();
    }
  });
}
