// Account roles. Four are self-service (chosen at sign-up, changed in Profile Settings); Admin is
// granted only by an Admin. The API reads an account's roles from its own records on every
// role-specific route; what the browser says its role is decides only what it shows.
import { z } from 'zod';
import { emailField } from './fields';
import { APP_ROLES, SELF_SERVICE_ROLES } from './role-values';

export { APP_ROLES, SELF_SERVICE_ROLES, SELLER_ROLES, isAppRole, type AppRole, type SelfServiceRole } from './role-values';

export const appRoleSchema = z.enum(APP_ROLES);
export const selfServiceRoleSchema = z.enum(SELF_SERVICE_ROLES);

/** The self-service roles an account holds: at least one, each once. */
export const selfServiceRolesSchema = z
  .array(selfServiceRoleSchema, { error: 'Choose at least one role' })
  .min(1, 'Choose at least one role')
  .max(SELF_SERVICE_ROLES.length)
  .transform((roles) => SELF_SERVICE_ROLES.filter((r) => roles.includes(r)));

/** PUT /v1/admin/accounts/admin-role: an Admin grants or removes another account's Admin role. */
export const adminRoleGrantSchema = z.object({ email: emailField(), granted: z.boolean() });
export type AdminRoleGrant = z.input<typeof adminRoleGrantSchema>;

/** The account's roles after the change. */
export const adminRoleAnswerSchema = z.object({ email: z.string(), roles: z.array(appRoleSchema) });
export type AdminRoleAnswer = z.infer<typeof adminRoleAnswerSchema>;
