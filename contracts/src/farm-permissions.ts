import type { FarmRole } from './farm-enums';

/**
 * The farm permission matrix: everything a farm member may try and
 * the roles allowed to. Pure data and functions, React- and zod-free: core-api decides with it (its
 * `assertCan` turns a refusal into a 403) and mfe-farm disables the controls a role may not use.
 */
export const FARM_ACTIONS = [
  'read',
  'money:read',
  'farm:update',
  'farm:delete',
  'field:write',
  'season:write',
  'crop:write',
  'activity:write',
  'activity:status',
  'member:write',
  'member:contacts',
  'cost:write',
  'budget:write',
] as const;
export type FarmAction = (typeof FARM_ACTIONS)[number];

const EVERYONE: readonly FarmRole[] = ['Owner', 'Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'];
const MANAGERS: readonly FarmRole[] = ['Owner', 'Farm Manager'];
const FIELD_TEAM: readonly FarmRole[] = [...MANAGERS, 'Field Supervisor'];
const MONEY: readonly FarmRole[] = [...MANAGERS, 'Accountant'];

export const FARM_PERMISSIONS: Readonly<Record<FarmAction, readonly FarmRole[]>> = {
  read: EVERYONE,
  // The farm's budget and what it spent (costs, totals, the dashboard's budget): the roles that keep the books.
  'money:read': MONEY,
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

/** Words for a refusal: "As a Viewer on this farm you cannot manage fields." */
export const FARM_ACTION_WORDS: Readonly<Record<FarmAction, string>> = {
  read: 'view this farm',
  'money:read': "see the farm's budget and costs",
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

export function canOnFarm(role: FarmRole | null | undefined, action: FarmAction): boolean {
  return role ? FARM_PERMISSIONS[action].includes(role) : false;
}

/**
 * Roles a manager may hand out, change or remove: only roles below their own. A Farm Manager cannot
 * demote, remove or create another Farm Manager (only the Owner can); the Owner role is never assignable.
 */
export const MANAGED_ROLES: Readonly<Partial<Record<FarmRole, readonly FarmRole[]>>> = {
  Owner: ['Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'],
  'Farm Manager': ['Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'],
};

export function canManageRole(actor: FarmRole | null | undefined, target: FarmRole): boolean {
  return actor ? (MANAGED_ROLES[actor]?.includes(target) ?? false) : false;
}

/** The roles `actor` may hand out (Add User, or a role change). */
export function assignableRoles(actor: FarmRole | null | undefined): FarmRole[] {
  return actor ? [...(MANAGED_ROLES[actor] ?? [])] : [];
}
