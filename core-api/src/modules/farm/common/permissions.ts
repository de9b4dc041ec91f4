import type { FarmRole } from '@shambasoko/shared';
import { ApiError } from '../../../http/envelope';

/**
 * Everything a farm member may try, and the roles allowed to (notes/FARM-API.md, spec section 6).
 * This table is the only place that decides; every service call goes through `assertCan`.
 */
export type FarmAction =
  | 'read'
  | 'farm:update'
  | 'farm:delete'
  | 'field:write'
  | 'season:write'
  | 'crop:write'
  | 'activity:write'
  | 'activity:status'
  | 'member:write'
  | 'member:contacts'
  | 'cost:write'
  | 'budget:write';

const EVERYONE: readonly FarmRole[] = ['Owner', 'Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'];
const MANAGERS: readonly FarmRole[] = ['Owner', 'Farm Manager'];
const FIELD_TEAM: readonly FarmRole[] = [...MANAGERS, 'Field Supervisor'];
const MONEY: readonly FarmRole[] = [...MANAGERS, 'Accountant'];

export const PERMISSIONS: Readonly<Record<FarmAction, readonly FarmRole[]>> = {
  read: EVERYONE,
  'farm:update': MANAGERS,
  // Deleting a farm erases everyone's records on it: only its owner may.
  'farm:delete': ['Owner'],
  'field:write': FIELD_TEAM,
  'season:write': FIELD_TEAM,
  'crop:write': FIELD_TEAM,
  'activity:write': FIELD_TEAM,
  'activity:status': [...FIELD_TEAM, 'Field Worker'],
  'member:write': MANAGERS,
  // E-mails and phones of the other members (and of invitations); everyone sees names and roles.
  'member:contacts': [...MANAGERS, 'Field Supervisor', 'Accountant'],
  'cost:write': MONEY,
  'budget:write': MONEY,
};

/** Words for the 403 message: "As a Viewer on this farm you cannot manage fields." */
const ACTION_WORDS: Readonly<Record<FarmAction, string>> = {
  read: 'view this farm',
  'farm:update': 'change the farm settings',
  'farm:delete': 'delete this farm',
  'field:write': 'manage fields',
  'season:write': 'manage seasons',
  'crop:write': 'manage crops',
  'activity:write': 'manage activities',
  'activity:status': 'change activity status',
  'member:write': 'manage farm users',
  'member:contacts': "see other users' contact details",
  'cost:write': 'manage costs',
  'budget:write': 'manage budgets',
};

export function can(role: FarmRole, action: FarmAction): boolean {
  return PERMISSIONS[action].includes(role);
}

export function assertCan(role: FarmRole, action: FarmAction): void {
  if (!can(role, action)) {
    const article = /^[AEIOU]/.test(role) ? 'an' : 'a';
    throw new ApiError(403, `As ${article} ${role} on this farm you cannot ${ACTION_WORDS[action]}.`);
  }
}

/**
 * Roles a manager may hand out, change or remove: only roles below their own. A Farm Manager cannot
 * demote, remove or create another Farm Manager (only the Owner can); the Owner role is never assignable.
 */
export const MANAGED_ROLES: Readonly<Partial<Record<FarmRole, readonly FarmRole[]>>> = {
  Owner: ['Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'],
  'Farm Manager': ['Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'],
};

export function canManageRole(actor: FarmRole, target: FarmRole): boolean {
  return MANAGED_ROLES[actor]?.includes(target) ?? false;
}

export function assertCanManageRole(actor: FarmRole, target: FarmRole): void {
  if (!canManageRole(actor, target)) {
    const article = /^[AEIOU]/.test(actor) ? 'an' : 'a';
    throw new ApiError(403, `As ${article} ${actor} on this farm you cannot give, change or remove the ${target} role. Only the Owner can.`);
  }
}
