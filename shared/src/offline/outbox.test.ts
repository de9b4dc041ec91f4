import { ApiError } from '../api/client';
import { offlineDataOnDevice } from '../page/saved-mark';
import {
  discardWrite,
  loadOutbox,
  onReplayed,
  outboxItems,
  queueWrite,
  replayOutbox,
  retryWrite,
  RETRY_START_MS,
  type OutboxItem,
} from './outbox';

// The IndexedDB store, in memory: what the outbox keeps survives a "reload" (loadOutbox again).
const stored = new Map<string, unknown>();
jest.mock('./storage', () => ({
  accountKey: (kind: string, uid: string) => `${kind}:${uid}`,
  readValue: async (key: string) => JSON.parse(JSON.stringify(stored.get(key) ?? null)) ?? undefined,
  writeValue: async (key: string, value: unknown) => void stored.set(key, JSON.parse(JSON.stringify(value))),
}));

const write = (id: string, label = id) => ({
  id,
  kind: 'cost.create' as const,
  method: 'POST' as const,
  path: '/v1/costs',
  body: { id },
  label,
});

beforeEach(async () => {
  stored.clear();
  localStorage.clear();
  await loadOutbox(null);
  await loadOutbox('farmer-a');
});

describe('the outbox of offline writes', () => {
  it('keeps writes in the order they were made, across a reload', async () => {
    await queueWrite(write('one'));
    await Promise.all([queueWrite(write('two')), queueWrite(write('three'))]);
    await loadOutbox(null);
    await loadOutbox('farmer-a');
    expect(outboxItems().map((i) => [i.id, i.state])).toEqual([
      ['one', 'waiting'],
      ['two', 'waiting'],
      ['three', 'waiting'],
    ]);
  });

  it('replays in order, sending each with its key, and empties as writes are accepted', async () => {
    for (const id of ['one', 'two', 'three']) await queueWrite(write(id));
    const sent: string[] = [];
    const result = await replayOutbox(async (item) => void sent.push(item.id));
    expect(sent).toEqual(['one', 'two', 'three']);
    expect(result).toEqual({ sent: 3, refused: 0, waiting: 0 });
    expect(outboxItems()).toEqual([]);
  });

  it('stops at an unreachable server and keeps the rest, in place, for the next attempt', async () => {
    for (const id of ['one', 'two', 'three']) await queueWrite(write(id));
    const sent: string[] = [];
    const result = await replayOutbox(async (item) => {
      if (item.id === 'two') throw new ApiError(0, 'unreachable');
      sent.push(item.id);
    });
    expect(sent).toEqual(['one']);
    expect(result).toEqual({ sent: 1, refused: 0, waiting: 2 });
    expect(outboxItems().map((i) => i.id)).toEqual(['two', 'three']);
    // A server error or an ended session is not the write's fault either.
    for (const status of [500, 401]) {
      await replayOutbox(async () => {
        throw new ApiError(status, 'later');
      });
      expect(outboxItems().map((i) => i.state)).toEqual(['waiting', 'waiting']);
    }
  });

  describe('tries again by itself, so nothing waits for "Send now"', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(async () => {
      await loadOutbox(null);
      jest.useRealTimers();
    });

    it.each([
      [429, 'Too many attempts. Please wait a minute and try again.', 45_000],
      [503, "We can't reach ShambaSoko right now. Check your connection and try again.", 20_000],
    ])('a %i with Retry-After keeps the writes waiting and sends them once that time has passed', async (status, message, wait) => {
      for (const id of ['one', 'two']) await queueWrite(write(id));
      const sent: string[] = [];
      let busy = true;
      const send = jest.fn(async (item: OutboxItem) => {
        if (busy) {
          busy = false;
          throw new ApiError(status, message, null, wait);
        }
        sent.push(item.id);
      });
      const heard = jest.fn();
      const stop = onReplayed(heard);
      await expect(replayOutbox(send)).resolves.toEqual({ sent: 0, refused: 0, waiting: 2 });
      expect(outboxItems().map((i) => i.state)).toEqual(['waiting', 'waiting']);
      await jest.advanceTimersByTimeAsync(wait - 1_000);
      expect(send).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1_000);
      expect(sent).toEqual(['one', 'two']);
      expect(outboxItems()).toEqual([]);
      // The page hears the retry too (its lists are refreshed).
      expect(heard).toHaveBeenLastCalledWith({ sent: 2, refused: 0, waiting: 0 });
      stop();
    });

    it('after a failure that named no wait (unreachable, session being renewed), tries again after a while, then less often', async () => {
      await queueWrite(write('one'));
      const send = jest.fn(async (): Promise<void> => {
        throw new ApiError(0, 'unreachable');
      });
      await replayOutbox(send);
      await jest.advanceTimersByTimeAsync(RETRY_START_MS);
      expect(send).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(RETRY_START_MS);
      expect(send).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(RETRY_START_MS);
      expect(send).toHaveBeenCalledTimes(3);
      send.mockImplementation(async () => undefined);
      await jest.advanceTimersByTimeAsync(4 * RETRY_START_MS);
      expect(outboxItems()).toEqual([]);
    });

    it('stops trying for an account once it is signed out', async () => {
      await queueWrite(write('one'));
      const send = jest.fn(async (): Promise<void> => {
        throw new ApiError(0, 'unreachable');
      });
      await replayOutbox(send);
      await loadOutbox(null);
      await jest.advanceTimersByTimeAsync(10 * RETRY_START_MS);
      expect(send).toHaveBeenCalledTimes(1);
    });
  });

  it('keeps a refused write with the server message for the user, and goes on with the others', async () => {
    for (const id of ['one', 'two', 'three']) await queueWrite(write(id));
    const result = await replayOutbox(async (item) => {
      if (item.id === 'two') throw new ApiError(404, 'Farm not found');
    });
    expect(result).toEqual({ sent: 2, refused: 1, waiting: 0 });
    expect(outboxItems()).toEqual([
      expect.objectContaining<Partial<OutboxItem>>({ id: 'two', state: 'refused', message: 'Farm not found' }),
    ]);
    // Not sent again by itself: it waits for the user.
    const again = jest.fn(async () => undefined);
    await replayOutbox(again);
    expect(again).not.toHaveBeenCalled();
    expect(outboxItems()).toHaveLength(1);
  });

  it('lets the user correct and retry a refused write, or discard it', async () => {
    await queueWrite(write('one'));
    await queueWrite(write('two'));
    await replayOutbox(async () => {
      throw new ApiError(400, 'Amount must be positive');
    });
    expect(outboxItems().map((i) => i.state)).toEqual(['refused', 'refused']);
    await retryWrite('one', { amount: 100 });
    const bodies: unknown[] = [];
    await replayOutbox(async (item) => void bodies.push(item.body));
    expect(bodies).toEqual([{ amount: 100 }]);
    expect(outboxItems().map((i) => i.id)).toEqual(['two']);
    await discardWrite('two');
    expect(outboxItems()).toEqual([]);
  });

  it("keeps each account's writes apart: the next account sees none of them", async () => {
    await queueWrite(write('mine'));
    await loadOutbox(null);
    expect(outboxItems()).toEqual([]);
    await loadOutbox('farmer-b');
    expect(outboxItems()).toEqual([]);
    await loadOutbox('farmer-a');
    expect(outboxItems().map((i) => i.id)).toEqual(['mine']);
  });

  it('tells the next visit whether changes wait, so a page that works online only still starts sending them', async () => {
    expect(offlineDataOnDevice()).toBe(false);
    await queueWrite(write('one'));
    await queueWrite(write('two'));
    expect(offlineDataOnDevice()).toBe(true);
    // Still so under another account: farmer-a's changes wait for farmer-a.
    await loadOutbox('farmer-b');
    expect(offlineDataOnDevice()).toBe(true);
    await loadOutbox('farmer-a');
    await replayOutbox(async () => undefined);
    expect(offlineDataOnDevice()).toBe(false);
    // A device whose mark was lost (cleared storage) learns it again from the outbox as it loads.
    await queueWrite(write('three'));
    localStorage.clear();
    await loadOutbox(null);
    await loadOutbox('farmer-a');
    expect(offlineDataOnDevice()).toBe(true);
  });
});
