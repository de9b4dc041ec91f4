// The 'farm-dashboard' namespace: the Farmer Overview's words, its task list's and the account roles'
// it names. English is bundled with the dashboard's page, so the other farm pages leave it out;
// Kiswahili is a chunk of its own, fetched only when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import type { AppRole } from '@shambasoko/contracts';
import en from '../locales/dashboard.en.json';

const words = defineNamespace('farm-dashboard', en, () => import('../locales/dashboard.sw.json'));
export const { useT } = words;

const APP_ROLE: Record<AppRole, Extract<keyof typeof en, string>> = {
  Admin: 'appRole.admin',
  Supplier: 'appRole.supplier',
  Retailer: 'appRole.retailer',
  Farmer: 'appRole.farmer',
  Buyer: 'appRole.buyer',
};

/** An account role's name (the dashboard's "Farmer view"); an unknown one as it came. */
export const appRoleLabel = (role: string | null | undefined): string =>
  role && role in APP_ROLE ? words.t(APP_ROLE[role as AppRole]) : (role ?? '');
