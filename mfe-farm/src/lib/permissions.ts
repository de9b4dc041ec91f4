import type { FarmRole } from '@shambasoko/contracts';
import { type FarmAction as ApiAction, assignableRoles, canManageRole, canOnFarm } from '@shambasoko/contracts/farm-permissions';
import { roleLabel, t } from './i18n';

export { assignableRoles };

/**
 * What a control does. The matrix is the contract's (contracts/src/farm-permissions.ts), the
 * one the API decides with; these names are the controls' words for its actions.
 */
const ACTIONS = {
  editFarm: 'farm:update',
  deleteFarm: 'farm:delete',
  manageUsers: 'member:write',
  manageFields: 'field:write',
  manageSeasons: 'season:write',
  manageCrops: 'crop:write',
  manageActivities: 'activity:write',
  updateActivityStatus: 'activity:status',
  manageCosts: 'cost:write',
  manageBudgets: 'budget:write',
  /** Budget and costs (tabs, cards, pages): the roles that keep the farm's books. */
  seeMoney: 'money:read',
} as const satisfies Record<string, ApiAction>;
export type FarmAction = keyof typeof ACTIONS;

/** Mirrors the API's checks so controls a role may not use are disabled up front; the API still decides. */
export function can(role: FarmRole | null | undefined, action: FarmAction): boolean {
  return canOnFarm(role, ACTIONS[action]);
}

/** The reason shown on a disabled control (title and aria-description), or undefined when allowed. */
export function denyReason(role: FarmRole | null | undefined, action: FarmAction): string | undefined {
  if (can(role, action)) return undefined;
  // The contract's FARM_ACTION_WORDS, in the catalog so they are translated.
  const what = t(`permissions.${action}`);
  return role ? t('permissions.roleCannot', { role: roleLabel(role), what }) : t('permissions.youCannot', { what });
}

/** Props that disable a control with its reason, for buttons and inputs. */
export function gate(role: FarmRole | null | undefined, action: FarmAction) {
  const reason = denyReason(role, action);
  return reason ? { disabled: true, title: reason, 'aria-description': reason } : {};
}

/**
 * What the caller may do to one membership row. A member edits their own name and phone; managers
 * edit others' role and scope within their rank (and a pending invitation's details); only the Owner
 * changes a Farm Manager; the Owner's row is changed only by the Owner themself and never removed.
 */
export function memberActions(
  actor: FarmRole | null | undefined,
  member: { role: FarmRole; status: string; userId: string | null },
  me: string | null | undefined,
) {
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
