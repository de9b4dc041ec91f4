import { type Kysely, sql } from 'kysely';

// Account roles. Farmer, Buyer, Supplier and Retailer are chosen by the account holder; Admin is
// granted by an Admin (or by `npm run admin:grant`). Accounts made before roles existed were
// farmers: the switcher offered them the farm pages, so they keep them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table account_roles (
      user_id uuid not null references users (id) on delete cascade,
      role text not null check (role in ('Admin', 'Farmer', 'Buyer', 'Supplier', 'Retailer')),
      granted_by uuid references users (id) on delete set null,
      granted_at timestamptz not null default now(),
      primary key (user_id, role)
    )`.execute(db);
  await sql`insert into account_roles (user_id, role) select id, 'Farmer' from users`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table account_roles`.execute(db);
}
