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
  'Farm Manager': 'all',
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
