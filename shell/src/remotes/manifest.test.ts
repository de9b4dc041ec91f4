import { matchMount, parseManifest, pathAvailable, fetchManifest } from './manifest';

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

describe('remotes manifest', () => {
  it('keeps well-formed remotes and drops malformed ones', () => {
    expect(manifest.remotes.map((r) => r.name)).toEqual(['farm', 'market']);
  });

  it('rejects a manifest without a remotes list', () => {
    expect(() => parseManifest({ nope: true })).toThrow(/no "remotes" list/);
  });

  it('matches nested paths to the owning remote and layout', () => {
    const m = matchMount(manifest, '/farms/12/fields/3', 'Farmer');
    expect(m.kind).toBe('remote');
    expect(m.kind === 'remote' && m.remote.name).toBe('farm');
    expect(m.kind === 'remote' && m.mount.layout).toBe('dashboard');
    expect(matchMount(manifest, '/market/item', 'Buyer').kind).toBe('remote');
  });

  it('hides a remote from roles the manifest does not list', () => {
    expect(matchMount(manifest, '/dashboard', 'Supplier').kind).toBe('hidden');
    expect(pathAvailable(manifest, '/farms', 'Supplier')).toBe(false);
    expect(pathAvailable(manifest, '/farms', 'Farmer')).toBe(true);
  });

  it('answers none for paths no remote owns', () => {
    expect(matchMount(manifest, '/nowhere', 'Farmer').kind).toBe('none');
    expect(matchMount(manifest, '/dashboardx', 'Farmer').kind).toBe('none');
  });

  it('fetches the manifest at run time from /remotes.json without caching', async () => {
    const fetcher = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ remotes: [] }) }) as unknown as Response);
    await expect(fetchManifest(fetcher as unknown as typeof fetch)).resolves.toEqual({ remotes: [] });
    expect(fetcher).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
  });
});
