import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { APP_ROLES, type AppRole } from '@shambasoko/contracts';
import type { Database } from '../db/schema';
import { keptPerPerson } from '../cache/person-answers';
import { ApiError } from '../http/envelope';
import { requireUser } from './require-user';

/** The roles an account holds, in the switcher's order, read from our own records. */
export async function accountRoles(db: Kysely<Database>, userId: string): Promise<AppRole[]> {
  const rows = await db.selectFrom('account_roles').select('role').where('user_id', '=', userId).execute();
  const held = new Set(rows.map((r) => r.role));
  return APP_ROLES.filter((r) => held.has(r));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** 401 when signed out, 403 unless the signed-in account holds the role, or one of the roles (read from the database). */
    requireRole(request: FastifyRequest, role: AppRole | readonly AppRole[]): Promise<void>;
  }
}

const NOT_ALLOWED: Record<AppRole, string> = {
  Admin: 'Only an administrator can do this.',
  Farmer: 'This needs the Farmer role. Add it in Profile Settings.',
  Buyer: 'This needs the Buyer role. Add it in Profile Settings.',
  Supplier: 'This needs the Supplier role. Add it in Profile Settings.',
  Retailer: 'This needs the Retailer role. Add it in Profile Settings.',
};

function notAllowed(roles: readonly AppRole[]): string {
  if (roles.length === 1) return NOT_ALLOWED[roles[0]!];
  const names = `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}`;
  return `This needs the ${names} role. Add one in Profile Settings.`;
}

/** How long an account's roles are kept at most, a bound on what the change feed cannot tell. */
const ROLES_FRESH_MS = 30_000;

export const rolesPlugin = fp(async function roles(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  // Each account's roles, kept until migration 064's trigger (or any other change the feed names for
  // the person) says they may have changed: a role check costs no statement.
  const kept = keptPerPerson<AppRole[]>(db, { freshMs: ROLES_FRESH_MS, maxEntries: 20_000 });
  app.addHook('onClose', async () => kept.close());
  app.decorate('requireRole', async (request: FastifyRequest, role: AppRole | readonly AppRole[]) => {
    const user = requireUser(request);
    const wanted: readonly AppRole[] = typeof role === 'string' ? [role] : role;
    const held = await kept.cache.getOrLoad(user.id, async () => ({ value: await accountRoles(db, user.id), tags: [kept.tag(user.id)] }));
    if (!wanted.some((r) => held.includes(r))) throw new ApiError(403, notAllowed(wanted));
  });
});
