import type { RemoteMenuEntry, RemotesManifest } from '@shambasoko/contracts';

interface MenuItem {
  label: string;
  to: string;
}
export interface MenuGroup {
  title: string;
  items: MenuItem[];
}

/** The spec's group order; groups a remote invents follow, in the order they first appear. */
const GROUP_ORDER = ['Analytics', 'Farm Manager', 'Communication', 'Management', 'Self-service', 'Legacy', 'External'];

/** The shell's own pages: composition is the shell's job, so the console is its entry, not a remote's. */
const SHELL_MENU: RemoteMenuEntry[] = [
  { group: 'Analytics', label: 'Overview', to: '/admin', roles: ['Admin'] },
  { group: 'Management', label: 'Accounts', to: '/admin/accounts', roles: ['Admin'] },
  { group: 'Management', label: 'Products', to: '/admin/products', roles: ['Admin'] },
  { group: 'Management', label: 'Reconciliation', to: '/admin/reconciliation', roles: ['Admin'] },

  { group: 'Management', label: 'Disputes', to: '/admin/disputes', roles: ['Admin'] },
  { group: 'Management', label: 'Reports', to: '/admin/message-reports', roles: ['Admin'] },
  { group: 'Management', label: 'Remotes', to: '/admin/remotes', roles: ['Admin'] },
  { group: 'External', label: 'Integrations', to: '/admin/integrations', roles: ['Admin'] },
];

/**
 * The roles the shell's own page at `pathname` is for (its menu entry's, the longest path that holds
 * it), or null where the page is for any role.
 */
export function pageRoles(pathname: string): readonly string[] | null {
  let best: RemoteMenuEntry | undefined;
  for (const entry of SHELL_MENU) {
    const under = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
    if (under && (!best || entry.to.length > best.to.length)) best = entry;
  }
  return best?.roles ?? null;
}

const forRole = (entry: RemoteMenuEntry, role: string) => !entry.roles || (entry.roles as string[]).includes(role);

/** An entry for a feature not built yet: no dead ends in the menu (a deep link still names the feature). */
const unbuilt = (to: string) => to === '/coming-soon' || to.startsWith('/coming-soon?');

/**
 * The sidebar for a role: the menu entries of every remote the role may see (switched on, listing
 * the role or "*"), kept when the entry names the role or no role and leads to a built page, then the shell's own entries
 * for an account that holds the role they need. Grouped, groups in the spec's order.
 */
export function sidebarGroups(manifest: RemotesManifest | null, role: string, heldRoles: readonly string[]): MenuGroup[] {
  const entries: RemoteMenuEntry[] = [];
  for (const remote of manifest?.remotes ?? []) {
    if (remote.enabled === false || !(remote.roles.includes('*') || remote.roles.includes(role))) continue;
    // Entries are checked once, when the manifest is parsed (remotes/manifest.ts).
    entries.push(...(remote.menu ?? []).filter((entry) => forRole(entry, role) && !unbuilt(entry.to)));
  }
  entries.push(...SHELL_MENU.filter((entry) => forRole(entry, role) && (entry.roles ?? []).every((r) => heldRoles.includes(r))));

  const groups = new Map<string, MenuGroup>();
  for (const { group, label, to } of entries) {
    const items = groups.get(group)?.items ?? [];
    if (!groups.has(group)) groups.set(group, { title: group, items });
    if (!items.some((item) => item.to === to && item.label === label)) items.push({ label, to });
  }
  const rank = (title: string) => {
    const known = GROUP_ORDER.indexOf(title);
    return known === -1 ? GROUP_ORDER.length : known;
  };
  // Array.prototype.sort is stable: unknown groups keep their order of appearance.
  return [...groups.values()].sort((a, b) => rank(a.title) - rank(b.title));
}

/** The roles the signed-in account holds (the session user's `roles`; none when it has no list). */
export function heldRoles(user: unknown): string[] {
  const roles = (user as { roles?: unknown } | null)?.roles;
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}
