import type { useSession } from '@shambasoko/shared';

jest.mock('../features/remotes/load-remote-routes', () => ({ loadRemoteRoutes: jest.fn(() => Promise.resolve([])) }));
jest.mock('./app-area', () => {
  const actual = jest.requireActual<typeof import('./server-data')>('./server-data');
  return {
    __esModule: true,
    default: () => null,
    needsServerData: actual.needsServerData,
    serverDataCode: { start: jest.fn(() => Promise.resolve({ queryClient: {} })) },
    frameCode: { dashboard: { start: jest.fn(() => Promise.resolve({})) }, public: { start: jest.fn(() => Promise.resolve({})) } },
  };
});
/** How often the head start asked for the query cache (app/server-data.tsx). */
const serverDataStarts = () =>
  jest.requireMock<{ serverDataCode: { start: jest.Mock } }>('./app-area').serverDataCode.start.mock.calls.length;
/** How often it asked for each frame's code. */
const frameStarts = (kind: 'dashboard' | 'public') =>
  jest.requireMock<{ frameCode: Record<string, { start: jest.Mock }> }>('./app-area').frameCode[kind]!.start.mock.calls.length;
const landingLoaded = jest.fn();
jest.mock('../pages/landing-page', () => {
  landingLoaded();
  return { LandingPage: () => null };
});
const offlineStarts = jest.fn(() => ({ restored: () => Promise.resolve(), stop: () => undefined }));
jest.mock('@shambasoko/shared/offline', () => ({ startOfflineSupport: offlineStarts }));
jest.mock('@shambasoko/shared/preferences', () => ({}));

const MANIFEST = {
  remotes: [
    {
      name: 'farm',
      entry: 'http://cdn.example/farm/remoteEntry.js',
      roles: ['Farmer'],
      mounts: [{ path: '/dashboard', layout: 'dashboard', offline: true }],
    },
    {
      name: 'market',
      entry: 'http://cdn.example/market/remoteEntry.js',
      roles: ['*'],
      mounts: [
        { path: '/market/*', layout: 'public' },
        { path: '/orders', layout: 'dashboard' },
      ],
    },
    {
      name: 'legal',
      entry: 'http://cdn.example/legal/remoteEntry.js',
      roles: ['*'],
      enabled: false,
      mounts: [{ path: '/legal/*', layout: 'public' }],
    },
  ],
};

const fetchMock = jest.fn(() => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(MANIFEST) }));
/** Lets the fetch, the parsing and the dynamic imports run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

type Session = Partial<ReturnType<typeof useSession.getState>>;

/** A fresh copy of the module (its "started once" state), the session it reads and the mocked loader. */
function load(session: Session = { user: null, userId: null }) {
  jest.resetModules();
  jest.requireActual<typeof import('@shambasoko/shared')>('@shambasoko/shared').useSession.setState(session);
  const headStart = jest.requireActual<typeof import('./head-start')>('./head-start');
  const { takeEarlyManifest } = jest.requireActual<typeof import('../features/remotes/early-manifest')>(
    '../features/remotes/early-manifest',
  );
  const { loadRemoteRoutes } = jest.requireMock<{ loadRemoteRoutes: jest.Mock }>('../features/remotes/load-remote-routes');
  return { ...headStart, takeEarlyManifest, loadRemoteRoutes };
}

beforeEach(() => {
  fetchMock.mockClear();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('the head start of a page other than the landing page', () => {
  it("loads the landing page's own code for the landing page, and nothing else", async () => {
    const { headStart, takeEarlyManifest, loadRemoteRoutes } = load();
    landingLoaded.mockClear();
    headStart('/');
    await settle();
    expect(landingLoaded).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyManifest()).toBeNull();
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
  });

  it('fetches the manifest once, hands it to the provider once, and loads the remote that owns the path', async () => {
    const { headStart, takeEarlyManifest, loadRemoteRoutes } = load();
    headStart('/market');
    headStart('/market');
    await settle();
    await settle();
    // The manifest only: no session to restore for a signed-out visitor.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(loadRemoteRoutes).toHaveBeenCalledTimes(1);
    expect(loadRemoteRoutes.mock.calls[0]?.[0]).toMatchObject({ name: 'market', entry: 'http://cdn.example/market/remoteEntry.js' });
    await expect(takeEarlyManifest()).resolves.toMatchObject({ remotes: expect.any(Array) });
    expect(takeEarlyManifest()).toBeNull();
  });

  it('loads no dashboard remote for a signed-out visitor, nor a remote that is switched off', async () => {
    for (const path of ['/dashboard', '/legal/terms']) {
      const { headStart, loadRemoteRoutes } = load();
      headStart(path);
      await settle();
      await settle();
      expect(loadRemoteRoutes).not.toHaveBeenCalled();
    }
  });

  it('loads the dashboard remote for a signed-in farmer', async () => {
    const { headStart, loadRemoteRoutes } = load({ user: { uid: 'u', displayName: 'U', email: 'u@x.ke' }, userId: 'u', role: 'Farmer' });
    headStart('/dashboard');
    await settle();
    await settle();
    expect(loadRemoteRoutes.mock.calls[0]?.[0]).toMatchObject({ name: 'farm' });
    // Its core session is restored at once: the dashboard's data needs an access token.
    expect(fetchMock.mock.calls.map((call) => String((call as unknown[])[0]))).toContainEqual(expect.stringContaining('/v1/auth/refresh'));
  });

  it("starts the code of the remote's pages at the path as soon as its routes arrive", async () => {
    const { headStart, loadRemoteRoutes } = load();
    const { lazyPage } = jest.requireActual<typeof import('@shambasoko/shared')>('@shambasoko/shared');
    const Empty = () => null;
    const layout = jest.fn(() => Promise.resolve({ default: Empty }));
    const marketPage = jest.fn(() => Promise.resolve({ default: Empty }));
    const cartPage = jest.fn(() => Promise.resolve({ default: Empty }));
    loadRemoteRoutes.mockResolvedValueOnce([
      {
        element: lazyPage(layout),
        children: [
          { path: '/market', element: lazyPage(marketPage) },
          { path: '/cart', element: lazyPage(cartPage) },
        ],
      },
    ]);
    headStart('/market');
    await settle();
    await settle();
    expect(layout).toHaveBeenCalledTimes(1);
    expect(marketPage).toHaveBeenCalledTimes(1);
    expect(cartPage).not.toHaveBeenCalled();
  });

  it('starts the frames and query cache for a dashboard page and the market, never for sign-in', async () => {
    const farmer = { user: { uid: 'u', displayName: 'U', email: 'u@x.ke' }, userId: 'u', role: 'Farmer' } as Session;
    // Asking more than once is free (the code loads once): what counts is whether it is asked for.
    const cases: Array<[string, Session, unknown[], boolean]> = [
      ['/dashboard', farmer, [], true],
      ['/market', {}, [{ path: '/market', handle: { title: 'M', crumb: 'M' }, element: null }], true],
      ['/market', {}, [{ path: '/market', handle: { title: 'S', crumb: 'S', serverData: false }, element: null }], false],
    ];
    for (const [path, session, routes, started] of cases) {
      const { headStart, loadRemoteRoutes } = load({ user: null, userId: null, ...session });
      loadRemoteRoutes.mockResolvedValueOnce(routes);
      const before = serverDataStarts();
      const framesBefore = { dashboard: frameStarts('dashboard'), public: frameStarts('public') };
      offlineStarts.mockClear();
      headStart(path);
      await settle();
      await settle();
      expect([path, serverDataStarts() > before]).toEqual([path, started]);
      // The dashboard's frame starts with a dashboard page; the market draws its own header.
      expect([path, frameStarts('dashboard') > framesBefore.dashboard]).toEqual([path, path === '/dashboard']);
      expect([path, frameStarts('public')]).toEqual([path, framesBefore.public]);
      // A dashboard page's offline support (and the restore of the saved farm data) starts with it; the market's does not.
      expect([path, offlineStarts.mock.calls.length]).toEqual([path, path === '/dashboard' ? 1 : 0]);
    }
  });

  it('starts the offline support with a page that works offline, and with any page of a device that keeps something for it', async () => {
    const farmer = { user: { uid: 'u', displayName: 'U', email: 'u@x.ke' }, userId: 'u', role: 'Farmer' } as Session;
    // What the offline support writes as it saves the account's farm data or queues a change (shared/src/page/saved-mark.ts).
    const cases: Array<[string, () => void, number]> = [
      ['/orders', () => undefined, 0],
      ['/dashboard', () => undefined, 1],
      ['/orders', () => localStorage.setItem('shambasoko.offline.saved', 'someone-else'), 1],
      ['/orders', () => localStorage.setItem('shambasoko.offline.queued', '["u"]'), 1],
    ];
    for (const [path, device, starts] of cases) {
      localStorage.clear();
      device();
      const { headStart } = load({ user: null, userId: null, ...farmer });
      offlineStarts.mockClear();
      headStart(path);
      await settle();
      await settle();
      expect([path, offlineStarts.mock.calls.length]).toEqual([path, starts]);
    }
    localStorage.clear();
  });
});
