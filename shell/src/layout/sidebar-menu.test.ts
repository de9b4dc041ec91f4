import type { RemoteDescriptor, RemotesManifest } from '@shambasoko/contracts';
import { heldRoles, sidebarGroups } from './sidebar-menu';

const remote = (name: string, roles: string[], menu: RemoteDescriptor['menu'], enabled = true): RemoteDescriptor => ({
  name,
  version: 'seed',
  entry: `http://localhost/${name}/remoteEntry.js`,
  roles,
  enabled,
  mounts: [],
  menu,
  rollout: null,
});

const manifest: RemotesManifest = {
  remotes: [
    remote('market', ['*'], [{ group: 'Self-service', label: 'Marketplace', to: '/market' }]),
    remote(
      'farm',
      ['Farmer', 'Admin'],
      [
        { group: 'Analytics', label: 'Overview', to: '/dashboard' },
        { group: 'Farm Manager', label: 'Farms', to: '/farms', roles: ['Farmer'] },
        { group: 'Management', label: 'Farms', to: '/farms', roles: ['Admin'] },
      ],
    ),
    remote(
      'legal',
      ['*'],
      [
        { group: 'External', label: 'Integrations', to: '/legal/integrations', roles: ['Admin'] },
        { group: 'Partners', label: 'Co-ops', to: '/legal/co-ops' },
        { group: 'Analytics', label: 'Reports', to: '/legal/reports', roles: ['Admin'] },
        { group: 'Communication', label: 'Messages', to: '/coming-soon?feature=messages' },
      ],
    ),
  ],
};

const titles = (groups: ReturnType<typeof sidebarGroups>) => groups.map((g) => g.title);

describe('sidebarGroups', () => {
  it("draws a role's entries from the remotes' menus, groups in the spec's order, unknown groups last", () => {
    const groups = sidebarGroups(manifest, 'Admin', ['Admin']);
    expect(titles(groups)).toEqual(['Analytics', 'Management', 'Self-service', 'External', 'Partners']);
    // Within a group, entries keep the manifest's order of remotes.
    // The remotes' entries first, then the shell's own (the Admin's home, Management's pages).
    expect(groups[0]?.items).toEqual([
      { label: 'Overview', to: '/dashboard' },
      { label: 'Reports', to: '/legal/reports' },
      { label: 'Overview', to: '/admin' },
    ]);
    expect(groups[1]?.items).toEqual([
      { label: 'Farms', to: '/farms' },
      { label: 'Accounts', to: '/admin/accounts' },
      { label: 'Products', to: '/admin/products' },
      { label: 'Reconciliation', to: '/admin/reconciliation' },

      { label: 'Disputes', to: '/admin/disputes' },
      { label: 'Reports', to: '/admin/message-reports' },
      { label: 'Remotes', to: '/admin/remotes' },
    ]);
  });

  it('keeps entries for other roles, and remotes the role may not see, out', () => {
    expect(titles(sidebarGroups(manifest, 'Farmer', ['Farmer']))).toEqual(['Analytics', 'Farm Manager', 'Self-service', 'Partners']);
    const buyer = sidebarGroups(manifest, 'Buyer', ['Buyer']);
    expect(buyer.flatMap((g) => g.items.map((i) => i.label))).toEqual(['Marketplace', 'Co-ops']);
  });

  it("leads an Admin's External › Integrations to the working page, and nobody else there", () => {
    const external = sidebarGroups(manifest, 'Admin', ['Admin']).find((g) => g.title === 'External');
    expect(external?.items).toContainEqual({ label: 'Integrations', to: '/admin/integrations' });
    // The role is not enough: the account must hold Admin too.
    const items = sidebarGroups(manifest, 'Admin', ['Farmer']).flatMap((g) => g.items);
    expect(items).not.toContainEqual({ label: 'Integrations', to: '/admin/integrations' });
  });

  it('hides entries that lead to the Coming Soon page (features not built yet)', () => {
    const labels = sidebarGroups(manifest, 'Admin', ['Admin']).flatMap((g) => g.items.map((i) => i.label));
    expect(labels).not.toContain('Messages');
    expect(titles(sidebarGroups(manifest, 'Buyer', ['Buyer']))).not.toContain('Communication');
  });

  it('drops every entry of a switched-off remote', () => {
    const off: RemotesManifest = { remotes: manifest.remotes.map((r) => (r.name === 'farm' ? { ...r, enabled: false } : r)) };
    expect(titles(sidebarGroups(off, 'Farmer', ['Farmer']))).toEqual(['Self-service', 'Partners']);
  });

  it('shows the console link only in the Admin role of an account that holds Admin', () => {
    const labels = (role: string, held: string[]) => sidebarGroups(manifest, role, held).flatMap((g) => g.items.map((i) => i.label));
    expect(labels('Admin', ['Admin'])).toContain('Remotes');
    expect(labels('Admin', ['Admin'])).toEqual(expect.arrayContaining(['Accounts', 'Products']));
    expect(labels('Admin', [])).not.toContain('Accounts');
    expect(labels('Buyer', ['Buyer', 'Admin'])).not.toContain('Products');
    expect(labels('Admin', [])).not.toContain('Remotes');
    expect(labels('Farmer', ['Farmer', 'Admin'])).not.toContain('Remotes');
  });

  it('tolerates remotes without a menu (an older manifest) and no manifest yet', () => {
    const old = { remotes: [{ ...remote('farm', ['*'], []), menu: undefined }] };
    expect(sidebarGroups(old as unknown as RemotesManifest, 'Farmer', [])).toEqual([]);
    expect(sidebarGroups(null, 'Farmer', [])).toEqual([]);
  });

  it("reads the account's roles from the session user, none when it has no list", () => {
    expect(heldRoles({ uid: 'u', roles: ['Farmer', 'Admin'] })).toEqual(['Farmer', 'Admin']);
    expect(heldRoles({ uid: 'u' })).toEqual([]);
    expect(heldRoles(null)).toEqual([]);
  });
});
