// The farm remote's words (namespace 'farm'): English bundled with the code, Kiswahili its own chunk,
// fetched only when Kiswahili is chosen. Every farm page loads it with the routes, so it holds the words
// many pages share. Features of the farm's work (activities, costs, budget, users) keep theirs in
// i18n-work.ts; the words of one page or one lazily loaded dialog are namespaces of their own
// (i18n-dashboard, i18n-farms, i18n-farm-page, i18n-field, i18n-sell), which the other pages leave out.
import { defineNamespace } from '@shambasoko/shared';
import type { FarmRole } from '@shambasoko/contracts';
import en from '../locales/en.json';

export const { useT, t, ready } = defineNamespace('farm', en, () => import('../locales/sw.json'));

const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

export type FarmKey = Parameters<typeof t>[0];

const STATUS: Record<string, FarmKey> = {
  active: 'status.active',
  inactive: 'status.inactive',
  planted: 'status.planted',
  growing: 'status.growing',
  harvesting: 'status.harvesting',
  fallow: 'status.fallow',
  completed: 'status.completed',
  upcoming: 'status.upcoming',
  planned: 'status.planned',
  harvested: 'status.harvested',
  failed: 'status.failed',
  pending: 'status.pending',
  'in progress': 'status.inProgress',
  invited: 'status.invited',
};

/** A status of the farm contract (any case) in the active language; an unknown one capitalised as it came. */
export function statusLabel(status: string): string {
  const key = STATUS[status.toLowerCase()];
  return key ? t(key) : capitalise(status);
}

const ROLE: Record<FarmRole, FarmKey> = {
  Owner: 'role.owner',
  'Farm Manager': 'role.farmManager',
  'Field Supervisor': 'role.fieldSupervisor',
  'Field Worker': 'role.fieldWorker',
  Accountant: 'role.accountant',
  Viewer: 'role.viewer',
};

/** A farm role's name in the active language (the value stays English in the API). */
export const roleLabel = (role: FarmRole | null | undefined): string => (role ? t(ROLE[role]) : '');

/** The preferred area unit inside a label: "Total Size (acres)". */
export const unitName = (unit: 'acres' | 'hectares'): string => t(unit === 'acres' ? 'unitName.acres' : 'unitName.hectares');
