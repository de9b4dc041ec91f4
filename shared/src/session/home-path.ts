import type { AppRole } from '@shambasoko/contracts/role-values';

/** Each role's home: where sign-in and a role switch land. Supplier and Retailer share the seller's home. */
const HOME_PATHS: Readonly<Record<AppRole, string>> = {
  Farmer: '/dashboard',
  Buyer: '/buyer',
  Supplier: '/seller',
  Retailer: '/seller',
  Admin: '/admin',
};

export function homePathFor(role: AppRole): string {
  return HOME_PATHS[role];
}

/** Whether a path is one of the role homes (a role switch there moves on to the new role's home). */
export function isHomePath(path: string): boolean {
  const bare = path.replace(/\/+$/, '') || '/';
  return Object.values(HOME_PATHS).includes(bare);
}
