import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { RemoteDescriptor } from '@shambasoko/contracts';
import type { RemoteRoutes } from '@shambasoko/shared';
import { useSession } from '@shambasoko/shared';
import { RemotesProvider } from '../features/remotes/remotes-provider';
import { loadRemoteRoutes } from '../features/remotes/load-remote-routes';
import { RemoteDispatcher } from './dispatcher';

// The frames, the session gate and the federation runtime are not what is tested here.
jest.mock('./server-data', () => ({
  InFrame: ({ children }: { children: ReactNode }) => children,
  ServerData: ({ children }: { children: ReactNode }) => children,
  needsServerData: () => false,
}));
jest.mock('./require-session', () => ({
  RequireSession: ({ children }: { children: ReactNode }) => children,
  useIdentityKeeper: () => undefined,
}));
jest.mock('../features/remotes/load-remote-routes', () => ({ loadRemoteRoutes: jest.fn() }));
const load = jest.mocked(loadRemoteRoutes);

const farm = (version: string) => ({
  name: 'farm',
  version,
  entry: `http://localhost:3003/v/${version}/remoteEntry.js`,
  roles: ['*'],
  enabled: true,
  mounts: [{ path: '/farms/*', layout: 'dashboard' }],
  menu: [],
  rollout: null,
});
const market = {
  name: 'market',
  version: 'm1',
  entry: 'http://localhost:3002/v/m1/remoteEntry.js',
  roles: ['*'],
  enabled: true,
  mounts: [{ path: '/market/*', layout: 'public' }],
  menu: [],
  rollout: null,
};
const routesOf = (remote: RemoteDescriptor): RemoteRoutes =>
  remote.name === 'farm'
    ? [{ path: '/farms', element: <h1>Farms from {remote.version}</h1> }]
    : [{ path: '/market', element: <h1>Market</h1> }];

describe('RemoteDispatcher waiting for a remote', () => {
  let answer: unknown;
  const fetcher = jest.fn(async (_url: string, _init?: RequestInit) => ({ ok: true, status: 200, json: async () => answer }) as Response);
  const pass = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    fetcher.mockClear();
    load.mockReset();
    load.mockImplementation(async (remote: RemoteDescriptor) => routesOf(remote));
    useSession.setState({ role: 'Farmer', userId: 'u1', user: { uid: 'u1', displayName: 'Amina', email: 'a@x.ke' }, accessToken: 'A' });
  });
  afterEach(() => jest.useRealTimers());

  const open = async (url: string) => {
    const view = render(
      <RemotesProvider fetcher={fetcher as unknown as typeof fetch}>
        <MemoryRouter initialEntries={[url]}>
          <RemoteDispatcher />
        </MemoryRouter>
      </RemotesProvider>,
    );
    await act(async () => undefined);
    return view;
  };

  it('renders a farm page once the manifest names the farm remote, without a reload', async () => {
    answer = { remotes: [market] };
    await open('/farms');
    // This browser never saw the farm remote: the path is not found, for now.
    expect(screen.getByRole('heading', { name: /not found/i })).toBeTruthy();

    answer = { remotes: [market, farm('f1')] };
    await pass(1000);
    expect(screen.getByRole('heading', { name: 'Farms from f1' })).toBeTruthy();
    // Read past the HTTP caches: a revalidated copy could still be the one without the farm.
    expect(fetcher).toHaveBeenLastCalledWith('/remotes.json', { cache: 'reload' });
  });

  it('says it keeps trying when a remote this browser knew is missing from the manifest, and shows it when back', async () => {
    answer = { remotes: [market, farm('f1')] };
    // An earlier visit read a manifest with the farm remote.
    (await open('/market')).unmount();
    answer = { remotes: [market] };
    await open('/farms');
    expect(screen.getByRole('heading', { name: 'This section is unavailable right now' })).toBeTruthy();
    expect(screen.getByText(/We keep trying on our own/)).toBeTruthy();

    await pass(1000 + 2000);
    expect(screen.queryByRole('heading', { name: /Farms from/ })).toBeNull();
    answer = { remotes: [market, farm('f1')] };
    await pass(4000);
    expect(screen.getByRole('heading', { name: 'Farms from f1' })).toBeTruthy();
  });

  it('loads a remote whose entry failed once, on its own, after a second', async () => {
    answer = { remotes: [market, farm('f1')] };
    load.mockRejectedValueOnce(new Error('connection refused'));
    await open('/farms');
    expect(screen.getByRole('heading', { name: 'This section is unavailable right now' })).toBeTruthy();
    expect(screen.getByText(/We keep trying on our own/)).toBeTruthy();

    await pass(1000);
    expect(screen.getByRole('heading', { name: 'Farms from f1' })).toBeTruthy();
    // Tried again afresh (attempt > 0 re-registers the remote), after reading the manifest again.
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ entry: farm('f1').entry }), 1);
    expect(fetcher).toHaveBeenLastCalledWith('/remotes.json', { cache: 'reload' });
  });

  it('Retry tries at once; a build that never loaded gives way to the one a rollback makes live', async () => {
    answer = { remotes: [market, farm('f2')] };
    load.mockImplementation(async (remote: RemoteDescriptor) => {
      if (remote.version === 'f2') throw new Error('not served');
      return routesOf(remote);
    });
    await open('/farms');
    expect(screen.getByRole('heading', { name: 'This section is unavailable right now' })).toBeTruthy();

    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'This section is unavailable right now' })).toBeTruthy();

    // Rolled back: the page had pinned f2, but none of its code ever ran.
    answer = { remotes: [market, farm('f1')] };
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(screen.getByRole('heading', { name: 'Farms from f1' })).toBeTruthy();
  });
});
