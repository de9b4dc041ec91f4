// Account roles. Four are self-service (chosen at sign-up, changed in Profile Settings); Admin is
// granted only by an Admin. The API reads an account's roles from its own records on every
// role-specific route; what the browser says its role is decides only what it shows.
import { z } from 'zod';
import { APP_ROLES, SELF_SERVICE_ROLES } from './role-values';

export { APP_ROLES, SELF_SERVICE_ROLES, isAppRole, type AppRole, type SelfServiceRole } from './role-values';

export const appRoleSchema = z.enum(APP_ROLES);
export const selfServiceRoleSchema = z.enum(SELF_SERVICE_ROLES);

/** The self-service roles an account holds: at least one, each once. */
export const selfServiceRolesSchema = z
  .array(selfServiceRoleSchema, { error: 'Choose at least one role' })
  .min(1, 'Choose at least one role')
  .max(SELF_SERVICE_ROLES.length)
  .transform((roles) => SELF_SERVICE_ROLES.filter((r) => roles.includes(r)));
