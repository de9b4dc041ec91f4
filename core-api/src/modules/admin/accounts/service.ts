import type { AdminAccount, AdminAccountPage, AdminRoleAnswer, adminAccountQuerySchema } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAdminAction } from '../../../audit/admin-actions';
import { accountRoles } from '../../../auth/roles';
import type { SessionGuard } from '../../../auth/sessions';
import { isUuid } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { decodeCursor, pageOf } from '../common/page';
import { findAccount, findAccounts, revokeAllSessions, toAccount } from './repository';
import { catalogued } from '../../../http/language';

type AdminAccountQueryOutput = z.output<typeof adminAccountQuerySchema>;

const UNKNOWN_ACCOUNT = (email: string) => `No account uses ${email}. The person has to sign up first.`;
const KEEP_OWN_ADMIN = 'You cannot remove your own Admin role. Ask another administrator to do it.';

/**
 * Grants or removes Admin. `grantedBy` is the administrator (null from the admin:grant command,
 * which runs on the server itself). Nobody removes their own Admin: an installation could end
 * up with none, and only the command could bring one back.
 */
export async function setAdminRole(
  db: Kysely<Database>,
  email: string,
  granted: boolean,
  grantedBy: string | null,
): Promise<AdminRoleAnswer> {
  const user = await db.selectFrom('users').select(['id', 'email']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw new ApiError(404, UNKNOWN_ACCOUNT(email.trim()));
  if (!granted && user.id === grantedBy) throw new ApiError(409, KEEP_OWN_ADMIN);
  await db.transaction().execute(async (trx) => {
    const before = await accountRoles(trx, user.id);
    if (granted) {
      await trx
        .insertInto('account_roles')
        .values({ user_id: user.id, role: 'Admin', granted_by: grantedBy })
        .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
        .execute();
    } else {
      await trx.deleteFrom('account_roles').where('user_id', '=', user.id).where('role', '=', 'Admin').execute();
    }
    const after = await accountRoles(trx, user.id);
    if (before.length !== after.length)
      await recordAdminAction(trx, {
        actorId: grantedBy,
        action: granted ? 'account.admin_grant' : 'account.admin_remove',
        subject: { kind: 'account', id: user.id },
        before: { roles: before },
        after: { roles: after },
      });
  });
  return { email: user.email, roles: await accountRoles(db, user.id) };
}

const ACCOUNT_NOT_FOUND = 'Account not found';
const NOT_YOURSELF = 'You cannot suspend your own account. Ask another administrator to do it.';
const ALREADY_SUSPENDED = 'This account is already suspended.';
const NOT_SUSPENDED = 'This account is not suspended.';

export async function listAccounts(db: Kysely<Database>, query: AdminAccountQueryOutput): Promise<AdminAccountPage> {
  const rows = await findAccounts(db, { q: query.q, role: query.role, status: query.status, after: decodeCursor(query.cursor) });
  const page = pageOf(rows);
  return { items: page.items.map(toAccount), nextCursor: page.nextCursor };
}

export async function getAccount(db: Kysely<Database>, id: string): Promise<AdminAccount> {
  const row = isUuid(id) ? await findAccount(db, id) : undefined;
  if (!row) throw new ApiError(404, ACCOUNT_NOT_FOUND);
  return toAccount(row);
}

/**
 * Suspends or restores an account, audited in the same transaction. Suspending ends every sign-in
 * of the account: its access tokens stop at the next request (the session guard is told after the
 * commit) and its refresh tokens are refused; sign-in answers 403 until it is restored.
 */
export async function setSuspended(
  db: Kysely<Database>,
  guard: Pick<SessionGuard, 'revoked'>,
  adminId: string,
  id: string,
  suspend: boolean,
  reason: string,
): Promise<AdminAccount> {
  if (!isUuid(id)) throw new ApiError(404, ACCOUNT_NOT_FOUND);
  if (suspend && id === adminId) throw new ApiError(409, NOT_YOURSELF);
  const ended = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['id', 'suspended_at', 'suspension_reason'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new ApiError(404, ACCOUNT_NOT_FOUND);
    if (suspend && row.suspended_at) throw new ApiError(409, ALREADY_SUSPENDED);
    if (!suspend && !row.suspended_at) throw new ApiError(409, NOT_SUSPENDED);
    const now = new Date();
    await trx
      .updateTable('users')
      .set(
        suspend
          ? { suspended_at: now, suspended_by: adminId, suspension_reason: reason }
          : { suspended_at: null, suspended_by: null, suspension_reason: null },
      )
      .where('id', '=', id)
      .execute();
    await recordAdminAction(trx, {
      actorId: adminId,
      action: suspend ? 'account.suspend' : 'account.restore',
      subject: { kind: 'account', id },
      before: { status: row.suspended_at ? 'suspended' : 'active' },
      after: { status: suspend ? 'suspended' : 'active' },
      reason,
    });
    return suspend ? revokeAllSessions(trx, id, catalogued('suspended by an administrator')) : [];
  });
  guard.revoked(ended);
  return getAccount(db, id);
}
