import type { FarmRole } from '@shambasoko/shared';

/** What a control does, for the FarmRole matrix in notes/FARM-API.md. */
export type FarmAction =
  | 'editFarm'
  | 'deleteFarm'
  | 'manageUsers'
  | 'manageFields'
  | 'manageSeasons'
  | 'manageCrops'
  | 'manageActivities'
  | 'updateActivityStatus'
  | 'manageCosts'
  | 'manageBudgets';

const SUPERVISOR: readonly FarmAction[] = [
  'manageFields', 'manageSeasons', 'manageCrops', 'manageActivities', 'updateActivityStatus',
];
const MATRIX: Record<FarmRole, readonly FarmAction[] | 'all'> = {
  Owner: 'all',
  // Deleting a farm erases everyone's records on it: the API lets only its Owner (farm:delete).
  'Farm Manager': ['editFarm', 'manageUsers', 'manageFields', 'manageSeasons', 'manageCrops', 'manageActivities', 'updateActivityStatus', 'manageCosts', 'manageBudgets'],
  'Field Supervisor': SUPERVISOR,
  'Field Worker': ['updateActivityStatus'],
  Accountant: ['manageCosts', 'manageBudgets'],
  Viewer: [],
};

/** Mirrors the API's checks so controls a role may not use are disabled up front; the API still decides. */
export function can(role: FarmRole | null | undefined, action: FarmAction): boolean {
  if (!role) return false;
  const allowed = MATRIX[role];
  return allowed === 'all' || allowed.includes(action);
}

const WHAT: Record<FarmAction, string> = {
  editFarm: 'edit this farm',
  deleteFarm: 'delete this farm',
  manageUsers: 'manage farm users',
  manageFields: 'manage fields',
  manageSeasons: 'manage seasons',
  manageCrops: 'manage crops',
  manageActivities: 'manage activities',
  updateActivityStatus: 'change activity status',
  manageCosts: 'manage costs',
  manageBudgets: 'manage budgets',
};

/** The reason shown on a disabled control (title and aria-description), or undefined when allowed. */
export function denyReason(role: FarmRole | null | undefined, action: FarmAction): string | undefined {
  if (can(role, action)) return undefined;
  return role ? `Your role on this farm (${role}) cannot ${WHAT[action]}.` : `You cannot ${WHAT[action]} here.`;
}

/** Props that disable a control with its reason, for buttons and inputs. */
export function gate(role: FarmRole | null | undefined, action: FarmAction) {
  const reason = denyReason(role, action);
  return reason ? { disabled: true, title: reason, 'aria-description': reason } : {};
}

/**
 * Roles a manager may give, change or remove: only those below their own (the API's MANAGED_ROLES).
 * A Farm Manager is changed or removed only by the Owner; nobody assigns the Owner role.
 */
const MANAGED_ROLES: Partial<Record<FarmRole, readonly FarmRole[]>> = {
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

/**
 * What the caller may do to one membership row. A member edits their own name and phone; managers
 * edit others' role and scope within their rank (and a pending invitation's details); only the Owner
 * changes a Farm Manager; the Owner's row is changed only by the Owner themself and never removed.
 */
export function memberActions(actor: FarmRole | null | undefined, member: { role: FarmRole; status: string; userId: string | null }, me: string | null | undefined) {
  const self = me != null && member.userId === me;
  const manages = can(actor, 'manageUsers') && member.role !== 'Owner' && canManageRole(actor, member.role);
  return {
    edit: self || manages,
    remove: !self && manages,
    /** Name and phone: the person's own, or an invitation's as typed by the inviter. */
    editContacts: self || (manages && member.status === 'invited'),
    /** Role and scope. */
    editRole: manages,
  };
}
