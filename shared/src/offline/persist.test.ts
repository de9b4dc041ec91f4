import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { hasSavedData, markSavedData } from '../page/saved-mark';
import { createQueryClient } from '../query';
import { forgetOtherAccounts, startSavedCache } from './persist';
import { lastSavedAt } from './saved-keys';

const stored = new Map<string, unknown>();
jest.mock('./storage', () => ({
  accountKey: (kind: string, uid: string) => `${kind}:${uid}`,
  readValue: async (key: string) => stored.get(key),
  writeValue: async (key: string, value: unknown) => void stored.set(key, JSON.parse(JSON.stringify(value))),
  removeValue: async (key: string) => void stored.delete(key),
  storedKeys: async () => [...stored.keys()],
}));

// The page's first screen, up when a test says so.
let screenUp: () => void = () => undefined;
let firstScreen = Promise.resolve();
jest.mock('../page/first-screen', () => ({
  ...jest.requireActual<object>('../page/first-screen'),
  whenFirstScreenShown: () => firstScreen,
}));

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
type Saved = { clientState: { queries: Array<{ queryKey: unknown[] }> } };

beforeEach(() => {
  stored.clear();
  localStorage.clear();
  firstScreen = Promise.resolve();
});

describe('farm data saved for offline reading', () => {
  it('saves the farm queries of the signed-in account only, and brings them back on the next start', async () => {
    const first = new QueryClient();
    const { stop, restored } = startSavedCache(first, 'farmer-a');
    await restored;
    first.setQueryData(['farm', 'farms', { page: 1 }], { items: [{ id: 'f1' }], total: 1 });
    first.setQueryData(['farm', 'dashboard'], { farms: 1 });
    first.setQueryData(['notifications'], { unread: 3 });
    first.setQueryData(['farm', 'farm-users', {}], { items: [] });
    await settle();
    stop();
    const saved = stored.get('cache:farmer-a') as Saved;
    expect(saved.clientState.queries.map((q) => q.queryKey[1] ?? q.queryKey[0]).sort()).toEqual(['dashboard', 'farms']);

    const next = new QueryClient();
    const again = startSavedCache(next, 'farmer-a');
    await again.restored;
    again.stop();
    expect(next.getQueryData(['farm', 'farms', { page: 1 }])).toEqual({ items: [{ id: 'f1' }], total: 1 });
    expect(lastSavedAt(next)).toEqual(expect.any(Number));
    // Another account starts with nothing of the first one's.
    const other = new QueryClient();
    const theirs = startSavedCache(other, 'farmer-b');
    await theirs.restored;
    theirs.stop();
    expect(other.getQueryData(['farm', 'farms', { page: 1 }])).toBeUndefined();
    expect(lastSavedAt(other)).toBeNull();
  });

  it('shows what was restored as it is until the first screen is up, then asks the server again', async () => {
    const first = new QueryClient();
    const saving = startSavedCache(first, 'farmer-a');
    await saving.restored;
    first.setQueryData(['farm', 'dashboard'], { farms: 1 });
    first.setQueryData(['me', 'preferences'], { areaUnit: 'acre' });
    await settle();
    saving.stop();
    // The next visit can tell at once, before IndexedDB opens, that this account has data here.
    expect(hasSavedData('farmer-a')).toBe(true);

    firstScreen = new Promise<void>((resolve) => (screenUp = resolve));
    const next = createQueryClient();
    const again = startSavedCache(next, 'farmer-a');
    await again.restored;
    const dashboard = jest.fn(async () => ({ farms: 2 }));
    const preferences = jest.fn(async () => ({ areaUnit: 'hectare' }));
    const farms = jest.fn(async () => ({ items: [] }));
    // The page mounts (and prefetches) before its first screen is up: the restored answers are taken as they are.
    const observers = [
      new QueryObserver(next, { queryKey: ['farm', 'dashboard'], queryFn: dashboard }),
      new QueryObserver(next, { queryKey: ['me', 'preferences'], queryFn: preferences }),
      new QueryObserver(next, { queryKey: ['farm', 'farms'], queryFn: farms }),
    ];
    const stops = observers.map((observer) => observer.subscribe(() => undefined));
    await next.prefetchQuery({ queryKey: ['farm', 'dashboard'], queryFn: dashboard });
    await settle();
    expect(dashboard).not.toHaveBeenCalled();
    expect(preferences).not.toHaveBeenCalled();
    // What the device did not have is asked for at once.
    expect(farms).toHaveBeenCalledTimes(1);
    expect(next.getQueryData(['farm', 'dashboard'])).toEqual({ farms: 1 });

    screenUp();
    await settle();
    // The cache's usual staleTime is back.
    expect(next.getDefaultOptions().queries?.staleTime).toBe(30_000);
    expect(dashboard).toHaveBeenCalledTimes(1);
    expect(preferences).toHaveBeenCalledTimes(1);
    expect(farms).toHaveBeenCalledTimes(1);
    expect(next.getQueryData(['farm', 'dashboard'])).toEqual({ farms: 2 });
    stops.forEach((stop) => stop());
    again.stop();
  });

  it('forgets what other accounts saved on this browser, and everything once nobody is signed in', async () => {
    stored.set('cache:farmer-a', {});
    stored.set('cache:farmer-b', {});
    stored.set('outbox:farmer-b', []);
    markSavedData('farmer-a');
    await forgetOtherAccounts('farmer-a');
    expect([...stored.keys()]).toEqual(['cache:farmer-a', 'outbox:farmer-b']);
    expect(hasSavedData('farmer-a')).toBe(true);
    await forgetOtherAccounts(null);
    expect([...stored.keys()]).toEqual(['outbox:farmer-b']);
    expect(hasSavedData('farmer-a')).toBe(false);
  });
});
