import type { AdminAccount, AppRole } from '@shambasoko/contracts';
import { APP_ROLES } from '@shambasoko/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { ADMIN_PAGE_SIZE, type PageEnd, afterEnd, containsPattern, sortKey } from '../common/page';

type Db = Kysely<Database>;

export interface AccountFilters {
  q?: string;
  role?: AppRole;
  status: 'all' | 'active' | 'suspended';
  after: PageEnd | null;
}

function accountRows(db: Db) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.full_name',
      'u.email',
      'u.msisdn',
      'u.suspended_at',
      'u.suspension_reason',
      'u.created_at',
      sortKey('u.created_at').as('sort_at'),
      sql<string[]>`coalesce((select array_agg(r.role) from account_roles r where r.user_id = u.id), '{}')`.as('roles'),
    ]);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountRows>['executeTakeFirstOrThrow']>>;

export function toAccount(row: AccountRow): AdminAccount {
  return {
    id: row.id,
    name: row.full_name,
    email: row.email,
    phone: row.msisdn,
    roles: APP_ROLES.filter((r) => row.roles.includes(r)),
    status: row.suspended_at ? 'suspended' : 'active',
    suspension: row.suspended_at ? { at: row.suspended_at.toISOString(), reason: row.suspension_reason ?? '' } : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Newest first; one row past the page says whether there is another. */
export async function findAccounts(db: Db, f: AccountFilters): Promise<AccountRow[]> {
  let query = accountRows(db);
  if (f.q) {
    const p = containsPattern(f.q);
    const digits = f.q.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        eb('u.full_name', 'ilike', p),
        eb('u.email', 'ilike', p),
        eb('u.msisdn', 'ilike', p),
        // 0712 345 678 finds +254712345678.
        ...(digits.length >= 6 ? [eb('u.msisdn', 'like', `%${digits.replace(/^0/, '')}%`)] : []),
      ]),
    );
  }
  if (f.role) {
    const role = f.role;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('account_roles as r').select('r.user_id').whereRef('r.user_id', '=', 'u.id').where('r.role', '=', role)),
    );
  }
  if (f.status === 'active') query = query.where('u.suspended_at', 'is', null);
  if (f.status === 'suspended') query = query.where('u.suspended_at', 'is not', null);
  if (f.after) query = query.where(afterEnd('u', f.after));
  return query
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(ADMIN_PAGE_SIZE + 1)
    .execute();
}

export function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  return accountRows(db).where('u.id', '=', id).executeTakeFirst();
}

/** Ends every live sign-in of the account; answers the sessions ended, for the session guard. */
export async function revokeAllSessions(db: Db, userId: string, reason: string): Promise<string[]> {
  const rows = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
