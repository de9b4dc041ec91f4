import type { RemoteBuild } from '@shambasoko/contracts';
import { rolloutBucket } from '@shambasoko/shared';
import {
  chooseBuild,
  effectiveRemotes,
  fetchManifest,
  lastKnownMount,
  matchMount,
  parseManifest,
  pathAvailable,
  type RemoteViewer,
} from './manifest';

const manifest = parseManifest({
  remotes: [
    {
      name: 'farm',
      entry: 'http://cdn.example/farm/remoteEntry.js',
      roles: ['Farmer'],
      mounts: [
        { path: '/farms/*', layout: 'dashboard' },
        { path: '/dashboard', layout: 'dashboard' },
      ],
    },
    { name: 'market', entry: 'http://cdn.example/market/remoteEntry.js', roles: ['*'], mounts: [{ path: '/market/*', layout: 'public' }] },
    { name: 'broken', entry: 42, roles: [], mounts: [] },
  ],
});

const viewer = (role: string, extra: Partial<RemoteViewer> = {}): RemoteViewer => ({ userId: null, roles: [], role, ...extra });
const remotesFor = (role: string, pins = new Map<string, RemoteBuild>()) => effectiveRemotes(manifest, viewer(role), pins);

const rollout = {
  version: 'bbbbbbbb',
  entry: 'http://cdn.example/v/bbbbbbbb/remoteEntry.js',
  mounts: [{ path: '/market/*', layout: 'public' }],
  menu: [],
};
const registryManifest = (over: Record<string, unknown> = {}) =>
  parseManifest({
    remotes: [
      {
        name: 'market',
        version: 'aaaaaaaa',
        entry: 'http://cdn.example/v/aaaaaaaa/remoteEntry.js',
        roles: ['*'],
        enabled: true,
        mounts: [{ path: '/market/*', layout: 'public' }],
        menu: [{ group: 'Market', label: 'Orders', to: '/orders' }, { label: 'no group' }],
        rollout: { ...rollout, role: 'Farmer', percent: 50 },
        ...over,
      },
    ],
  });

/** Account ids that fall inside / outside a 50 % rollout of market. */
const ids = Array.from({ length: 200 }, (_, i) => `user-${i}`);
const inside = ids.find((id) => rolloutBucket(id, 'market') < 50) ?? '';
const outside = ids.find((id) => rolloutBucket(id, 'market') >= 50) ?? '';

describe('remotes manifest', () => {
  it('keeps well-formed remotes and drops malformed ones; a plain file gets defaults', () => {
    expect(manifest.remotes.map((r) => r.name)).toEqual(['farm', 'market']);
    expect(manifest.remotes[0]).toMatchObject({
      enabled: true,
      menu: [],
      rollout: null,
      version: 'http://cdn.example/farm/remoteEntry.js',
    });
  });

  it("reads the registry's version, switch, menu and rollout, dropping menu entries and rollouts that do not fit", () => {
    const [market] = registryManifest().remotes;
    expect(market).toMatchObject({ version: 'aaaaaaaa', enabled: true, menu: [{ group: 'Market', label: 'Orders', to: '/orders' }] });
    expect(market?.rollout).toMatchObject({ version: 'bbbbbbbb', role: 'Farmer', percent: 50 });
    expect(registryManifest({ rollout: { role: 'Farmer' } }).remotes[0]?.rollout).toBeNull();
    expect(registryManifest({ enabled: false }).remotes[0]?.enabled).toBe(false);
  });

  it('rejects a manifest without a remotes list', () => {
    expect(() => parseManifest({ nope: true })).toThrow(/no "remotes" list/);
  });

  it('matches nested paths to the owning remote and layout', () => {
    const m = matchMount(remotesFor('Farmer'), '/farms/12/fields/3');
    expect(m.kind).toBe('remote');
    expect(m.kind === 'remote' && m.remote.name).toBe('farm');
    expect(m.kind === 'remote' && m.mount.layout).toBe('dashboard');
    expect(matchMount(remotesFor('Buyer'), '/market/item').kind).toBe('remote');
  });

  it('hides a remote from roles the manifest does not list, and a switched-off remote from everyone', () => {
    expect(matchMount(remotesFor('Supplier'), '/dashboard').kind).toBe('hidden');
    expect(pathAvailable(manifest, '/farms', 'Supplier')).toBe(false);
    expect(pathAvailable(manifest, '/farms', 'Farmer')).toBe(true);
    const off = registryManifest({ enabled: false });
    expect(matchMount(effectiveRemotes(off, viewer('Buyer'), new Map()), '/market/x').kind).toBe('off');
    expect(pathAvailable(off, '/market/x', 'Buyer')).toBe(false);
  });

  it('answers none for paths no remote owns', () => {
    expect(matchMount(remotesFor('Farmer'), '/nowhere').kind).toBe('none');
    expect(matchMount(remotesFor('Farmer'), '/dashboardx').kind).toBe('none');
  });

  it('serves the rollout build only to accounts holding its role inside the percentage, the same on every call', () => {
    const [market] = registryManifest().remotes;
    if (!market) throw new Error('no market');
    const pick = (userId: string | null, roles: string[]) => chooseBuild(market, viewer('Farmer', { userId, roles })).build.version;
    expect(pick(inside, ['Farmer'])).toBe('bbbbbbbb');
    expect(pick(inside, ['Farmer'])).toBe('bbbbbbbb');
    expect(pick(outside, ['Farmer'])).toBe('aaaaaaaa');
    expect(pick(inside, ['Buyer'])).toBe('aaaaaaaa');
    expect(pick(null, [])).toBe('aaaaaaaa');
    // About half of the accounts fall inside.
    const share = ids.filter((id) => pick(id, ['Farmer']) === 'bbbbbbbb').length / ids.length;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.65);
  });

  it('pins the build a page started with; switches and roles still follow each manifest', () => {
    const pins = new Map<string, RemoteBuild>();
    const first = effectiveRemotes(registryManifest(), viewer('Buyer'), pins);
    const next = registryManifest({ version: 'cccccccc', entry: 'http://cdn.example/v/cccccccc/remoteEntry.js', roles: ['Farmer'] });
    const later = effectiveRemotes(next, viewer('Buyer'), pins);
    expect(first[0]?.entry).toBe('http://cdn.example/v/aaaaaaaa/remoteEntry.js');
    expect(later[0]).toMatchObject({ entry: 'http://cdn.example/v/aaaaaaaa/remoteEntry.js', visibility: 'role' });
    // A new page (fresh pins) gets the new version.
    expect(effectiveRemotes(next, viewer('Farmer'), new Map())[0]?.version).toBe('cccccccc');
  });

  it('fetches the manifest at run time from /remotes.json, revalidating', async () => {
    const fetcher = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ remotes: [] }) }) as unknown as Response);
    await expect(fetchManifest(fetcher as unknown as typeof fetch)).resolves.toEqual({ remotes: [] });
    expect(fetcher).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
  });

  it('takes the manifest that came with the page once, then fetches', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'remotes-manifest';
    block.textContent = JSON.stringify({ remotes: manifest.remotes });
    document.head.append(block);
    const fetcher = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ remotes: [] }) }) as unknown as Response);
    await expect(fetchManifest(fetcher as unknown as typeof fetch)).resolves.toEqual({ remotes: manifest.remotes });
    expect(fetcher).not.toHaveBeenCalled();
    expect(document.getElementById('remotes-manifest')).toBeNull();
    await expect(fetchManifest(fetcher as unknown as typeof fetch)).resolves.toEqual({ remotes: [] });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('fetches when the block that came with the page is not JSON', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'remotes-manifest';
    block.textContent = '{cut';
    document.head.append(block);
    const fetcher = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ remotes: [] }) }) as unknown as Response);
    await expect(fetchManifest(fetcher as unknown as typeof fetch)).resolves.toEqual({ remotes: [] });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('remembers the mounts it fetched, to pick the frame while the next start waits for the manifest', async () => {
    localStorage.clear();
    expect(lastKnownMount('/dashboard')).toBeNull();
    const fetcher = jest.fn(
      async () => ({ ok: true, status: 200, json: async () => ({ remotes: manifest.remotes }) }) as unknown as Response,
    );
    await fetchManifest(fetcher as unknown as typeof fetch);
    expect(lastKnownMount('/dashboard')).toEqual({ path: '/dashboard', layout: 'dashboard', remote: 'farm' });
    expect(lastKnownMount('/market/item')).toEqual({ path: '/market/*', layout: 'public', remote: 'market' });
    expect(lastKnownMount('/nowhere')).toBeNull();
    localStorage.setItem('shambasoko.lastMounts', '{not json');
    expect(lastKnownMount('/dashboard')).toBeNull();
  });

  it("keeps a missing remote's last mounts, so its paths read as a section that is away, not as unknown", async () => {
    localStorage.clear();
    let answer: unknown = { remotes: manifest.remotes };
    const fetcher = jest.fn(async (_url: string, _init?: RequestInit) => ({ ok: true, status: 200, json: async () => answer }) as Response);
    await fetchManifest(fetcher as unknown as typeof fetch);
    answer = { remotes: manifest.remotes.filter((r) => r.name !== 'farm') };
    await fetchManifest(fetcher as unknown as typeof fetch, { fresh: true });
    expect(fetcher).toHaveBeenLastCalledWith('/remotes.json', { cache: 'reload' });
    expect(lastKnownMount('/farms/12')).toEqual({ path: '/farms/*', layout: 'dashboard', remote: 'farm' });
    // A present remote's mounts follow its manifest, and win over an absent one's.
    answer = { remotes: [{ ...manifest.remotes[1], mounts: [{ path: '/shop/*', layout: 'public' }] }] };
    await fetchManifest(fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenLastCalledWith('/remotes.json', { cache: 'no-cache' });
    expect(lastKnownMount('/market/item')).toBeNull();
    expect(lastKnownMount('/shop/item')).toEqual({ path: '/shop/*', layout: 'public', remote: 'market' });
    expect(lastKnownMount('/dashboard')).toEqual({ path: '/dashboard', layout: 'dashboard', remote: 'farm' });
  });
});
