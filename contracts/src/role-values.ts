// The role names, zod-free, so the session store and the shell's first chunk can use them.

/** Every account role, in the order the role switcher lists them. */
export const APP_ROLES = ['Admin', 'Supplier', 'Retailer', 'Farmer', 'Buyer'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** The roles a person picks for themselves; Admin is granted by an Admin. */
export const SELF_SERVICE_ROLES = ['Farmer', 'Buyer', 'Supplier', 'Retailer'] as const;
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

/** The roles that may run a shop and sell on the market. */
export const SELLER_ROLES = ['Farmer', 'Supplier', 'Retailer'] as const satisfies readonly AppRole[];

export function isAppRole(value: unknown): value is AppRole {
  return (APP_ROLES as readonly unknown[]).includes(value);
}
