import type { AdminRoleAnswer } from '@shambasoko/shared/contracts';
import type { Kysely } from 'kysely';
import { accountRoles } from '../../../auth/roles';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';

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
  if (granted) {
    await db
      .insertInto('account_roles')
      .values({ user_id: user.id, role: 'Admin', granted_by: grantedBy })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('account_roles').where('user_id', '=', user.id).where('role', '=', 'Admin').execute();
  }
  return { email: user.email, roles: await accountRoles(db, user.id) };
}
