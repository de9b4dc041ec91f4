/** @jest-environment node */
import { createEarlyRead } from './early-read';

const answer = (body: string) => new Response(body, { status: 200 });

describe('the manifest read started with a navigation', () => {
  it('hands the page the read it started, once', async () => {
    const read = jest.fn(() => Promise.resolve(answer('{"remotes":[]}')));
    const early = createEarlyRead(read);
    early.start();
    expect(read).toHaveBeenCalledTimes(1);
    await expect((await early.take())?.text()).resolves.toBe('{"remotes":[]}');
    // Taken: the next request reads as usual.
    await expect(early.take()).resolves.toBeUndefined();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('is not used when none was started, or it is older than the hold time', async () => {
    let clock = 1_000;
    const early = createEarlyRead(() => Promise.resolve(answer('old')), { holdMs: 10_000, now: () => clock });
    await expect(early.take()).resolves.toBeUndefined();
    early.start();
    clock += 10_001;
    await expect(early.take()).resolves.toBeUndefined();
  });

  it('answers null, for the saved copy, when the network fails or is too slow', async () => {
    const failing = createEarlyRead(() => Promise.reject(new TypeError('offline')));
    failing.start();
    await expect(failing.take()).resolves.toBeNull();

    jest.useFakeTimers();
    try {
      const slow = createEarlyRead(() => new Promise<Response>(() => undefined), { waitMs: 4_000 });
      slow.start();
      const taken = slow.take();
      jest.advanceTimersByTime(4_000);
      await expect(taken).resolves.toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
