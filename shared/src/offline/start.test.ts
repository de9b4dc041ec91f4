import { QueryClient } from '@tanstack/react-query';
import { useSession } from '@shambasoko/shared';
import { markSavedData } from '../page/saved-mark';
import { SAVED_DATA_WAIT_MS, savedDataRestored, startOfflineSupport } from './start';

// The saver (./persist), as the offline support loads it: who it was started for, and its restore, settled
// when a test says so.
let restore: () => void = () => undefined;
const started: string[] = [];
const forgotten: Array<string | null> = [];
jest.mock('./persist', () => ({
  forgetOtherAccounts: async (uid: string | null) => void forgotten.push(uid),
  startSavedCache: (_client: unknown, uid: string) => {
    started.push(uid);
    return { stop: () => undefined, restored: new Promise<void>((resolve) => (restore = resolve)) };
  },
}));
jest.mock('./outbox', () => ({
  loadOutbox: async () => undefined,
  replayOutbox: async () => ({ sent: 0, refused: 0 }),
  onReplayed: () => () => undefined,
  outboxItems: () => [],
  subscribeOutbox: () => () => undefined,
}));
// The page's first screen, up when a test says so.
let screenUp: () => void = () => undefined;
let firstScreen = Promise.resolve();
jest.mock('../page/first-screen', () => ({
  ...jest.requireActual<object>('../page/first-screen'),
  whenFirstScreenShown: () => firstScreen,
}));

const signIn = (uid: string) => useSession.setState({ user: { uid, displayName: uid, email: `${uid}@x.ke` } as never, userId: uid });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  started.length = 0;
  forgotten.length = 0;
  firstScreen = Promise.resolve();
});

afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('offline support and the data this device saved', () => {
  it('is started once per query cache, whoever asks', () => {
    signIn('farmer-a');
    const client = new QueryClient();
    const first = startOfflineSupport(client);
    expect(startOfflineSupport(client)).toBe(first);
    first.stop();
    // Stopped, it starts anew.
    const again = startOfflineSupport(client);
    expect(again).not.toBe(first);
    again.stop();
  });

  it('lets a page wait until the saved data is in the cache, and not at all where the device saved none', async () => {
    signIn('farmer-b');
    await expect(savedDataRestored('farmer-b')).resolves.toBeUndefined();
    markSavedData('farmer-b');
    let ready = false;
    void savedDataRestored('farmer-b').then(() => (ready = true));
    const support = startOfflineSupport(new QueryClient());
    // Saved data on the device: the saver loads at once, before any screen.
    firstScreen = new Promise(() => undefined);
    await settle();
    expect(started).toEqual(['farmer-b']);
    expect(ready).toBe(false);
    restore();
    await settle();
    expect(ready).toBe(true);
    // A later page of the visit does not wait.
    await expect(savedDataRestored('farmer-b')).resolves.toBeUndefined();
    support.stop();
  });

  it('stops waiting for a restore that never ends, and the page asks the server', async () => {
    jest.useFakeTimers();
    signIn('farmer-c');
    markSavedData('farmer-c');
    let ready = false;
    void savedDataRestored('farmer-c').then(() => (ready = true));
    await jest.advanceTimersByTimeAsync(SAVED_DATA_WAIT_MS - 1);
    expect(ready).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
  });

  it('loads the saver on a first visit only once the page holds farm data and its first screen is up', async () => {
    signIn('farmer-d');
    firstScreen = new Promise((resolve) => (screenUp = resolve));
    const client = new QueryClient();
    const support = startOfflineSupport(client);
    // Nothing on the device, nothing to save: the page's code and data go first.
    client.setQueryData(['notifications'], { unread: 2 });
    client.setQueryData(['farm', 'farm-users', {}], { items: [] });
    await settle();
    expect(started).toEqual([]);
    expect(forgotten).toEqual([]);
    client.setQueryData(['farm', 'farms', { page: 1 }], { items: [], total: 0 });
    await settle();
    expect(started).toEqual([]);
    // Farm data, then the first screen: saving starts (and other accounts' saves are forgotten).
    screenUp();
    await settle();
    expect(started).toEqual(['farmer-d']);
    expect(forgotten).toEqual(['farmer-d']);
    support.stop();
  });

  it('never loads it for a page without farm data, and loads it at sign-out to forget the saves', async () => {
    signIn('farmer-e');
    const client = new QueryClient();
    const support = startOfflineSupport(client);
    client.setQueryData(['cart'], { items: [] });
    await settle();
    expect(started).toEqual([]);
    useSession.setState({ user: null, userId: null } as never);
    await settle();
    expect(forgotten).toEqual([null]);
    expect(started).toEqual([]);
    support.stop();
  });
});
