import type { QueryClient } from '@tanstack/react-query';

/**
 * Every farm query key starts with 'farm' and the resource, so a mutation can refresh exactly the
 * resources it changed (the shell's query client is shared with other remotes).
 */
export type FarmResource =
  | 'dashboard'
  | 'filters'
  | 'farms'
  | 'farm'
  | 'fields'
  | 'field'
  | 'seasons'
  | 'crops'
  | 'activities'
  | 'farm-users'
  | 'costs'
  | 'budget-summary'
  | 'budgets'
  | 'harvests'
  | 'income'
  | 'profit';

export const farmKey = (resource: FarmResource, ...rest: unknown[]) => ['farm', resource, ...rest] as const;

export function invalidate(client: QueryClient, ...resources: FarmResource[]): Promise<void> {
  return Promise.all(resources.map((r) => client.invalidateQueries({ queryKey: ['farm', r] }))).then(() => undefined);
}

/** What each kind of write changes on screen. */
export const AFFECTS = {
  farm: ['farms', 'farm', 'dashboard', 'filters', 'fields', 'seasons', 'crops', 'activities', 'farm-users', 'costs'],
  field: ['fields', 'field', 'farm', 'farms', 'dashboard', 'filters', 'seasons', 'crops', 'activities', 'costs'],
  season: ['seasons', 'dashboard', 'filters', 'crops', 'activities'],
  crop: ['crops', 'dashboard', 'filters', 'activities'],
  activity: ['activities'],
  farmUser: ['farm-users', 'dashboard', 'filters', 'activities'],
  cost: ['costs', 'budget-summary', 'dashboard'],
  budget: ['budgets', 'budget-summary', 'dashboard'],
  harvest: ['harvests', 'profit'],
  income: ['income', 'profit'],
} as const satisfies Record<string, readonly FarmResource[]>;

/**
 * After deleting a farm or a field: drop its own query, so its page does not refetch what is gone
 * (it would show "not found"), and refresh the rest the deletion changed.
 */
export function forgetDeleted(client: QueryClient, resource: 'farm' | 'field', id: string): Promise<void> {
  client.removeQueries({ queryKey: farmKey(resource, id) });
  return invalidate(client, ...AFFECTS[resource].filter((r) => r !== resource));
}
