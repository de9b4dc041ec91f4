import { QueryClient } from '@tanstack/react-query';
import { forgetOtherAccounts, lastSavedAt, startSavedCache } from './persist';

const stored = new Map<string, unknown>();
jest.mock('./storage', () => ({
  accountKey: (kind: string, uid: string) => `${kind}:${uid}`,
  readValue: async (key: string) => stored.get(key),
  writeValue: async (key: string, value: unknown) => void stored.set(key, JSON.parse(JSON.stringify(value))),
  removeValue: async (key: string) => void stored.delete(key),
  storedKeys: async () => [...stored.keys()],
}));

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
type Saved = { clientState: { queries: Array<{ queryKey: unknown[] }> } };

beforeEach(() => stored.clear());

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

  it('forgets what other accounts saved on this browser, and everything once nobody is signed in', async () => {
    stored.set('cache:farmer-a', {});
    stored.set('cache:farmer-b', {});
    stored.set('outbox:farmer-b', []);
    await forgetOtherAccounts('farmer-a');
    expect([...stored.keys()]).toEqual(['cache:farmer-a', 'outbox:farmer-b']);
    await forgetOtherAccounts(null);
    expect([...stored.keys()]).toEqual(['outbox:farmer-b']);
  });
});
