import { QueryClient } from '@tanstack/react-query';
import { useSession } from '@shambasoko/shared';
import { markSavedData } from '../page/saved-mark';
import { SAVED_DATA_WAIT_MS, savedDataRestored, startOfflineSupport } from './start';

// The restore of the account's saved farm data, settled when a test says so.
let restore: () => void = () => undefined;
jest.mock('./persist', () => ({
  forgetOtherAccounts: async () => undefined,
  startSavedCache: () => ({ stop: () => undefined, restored: new Promise<void>((resolve) => (restore = resolve)) }),
}));
jest.mock('./outbox', () => ({
  loadOutbox: async () => undefined,
  replayOutbox: async () => ({ sent: 0, refused: 0 }),
  onReplayed: () => () => undefined,
}));

const signIn = (uid: string) => useSession.setState({ user: { uid, displayName: uid, email: `${uid}@x.ke` } as never, userId: uid });

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
    await Promise.resolve();
    expect(ready).toBe(false);
    restore();
    await new Promise((resolve) => setTimeout(resolve, 0));
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
});
