import { type Loaded, TaggedCache } from './tagged-cache';

/** A promise the test resolves by hand, to hold a load open while something else happens. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: Error) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function makeCache(options: Partial<{ freshMs: number; staleMs: number; maxEntries: number; secondLoadOnly: boolean }> = {}) {
  const clock = { now: 1_000 };
  const cache = new TaggedCache<string>({ freshMs: 1_000, staleMs: 10_000, maxEntries: 100, ...options }, () => clock.now);
  return { cache, clock };
}

const loaderOf = (value: string, tags: string[] = []) => {
  const loader = jest.fn(async (): Promise<Loaded<string>> => ({ value, tags }));
  return loader;
};

describe('TaggedCache', () => {
  it('answers a hit without loading again', async () => {
    const { cache } = makeCache();
    const load = loaderOf('a');
    expect(await cache.getOrLoad('k', load)).toBe('a');
    expect(await cache.getOrLoad('k', load)).toBe('a');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one load between concurrent misses of a key (single flight)', async () => {
    const { cache } = makeCache();
    const gate = deferred<Loaded<string>>();
    const load = jest.fn(() => gate.promise);
    const answers = Promise.all(Array.from({ length: 50 }, () => cache.getOrLoad('k', load)));
    gate.resolve({ value: 'v', tags: [] });
    expect(await answers).toEqual(Array(50).fill('v'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const { cache } = makeCache();
    await expect(cache.getOrLoad('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.getOrLoad('k', loaderOf('ok'))).toBe('ok');
  });

  it('serves a stale entry without waiting, and forgets it after the stale window', async () => {
    const { cache, clock } = makeCache({ freshMs: 1_000, staleMs: 5_000 });
    const gate = deferred<Loaded<string>>();
    await cache.getOrLoad('k', jest.fn().mockResolvedValueOnce({ value: 'old', tags: [] }).mockReturnValueOnce(gate.promise));
    clock.now += 1_500;
    // Stale: the old value at once although the refresh has not answered yet.
    const other = loaderOf('other');
    expect(await cache.getOrLoad('k', other)).toBe('old');
    expect(other).not.toHaveBeenCalled();
    // Past fresh + stale: a miss that waits for a load (the refresh never answered).
    clock.now += 7_000;
    gate.reject(new Error('slow database'));
    await settle();
    expect(await cache.getOrLoad('k', other)).toBe('other');
  });

  it('refreshes a stale entry with its loader once, and then serves the new value', async () => {
    const { cache, clock } = makeCache({ freshMs: 1_000, staleMs: 5_000 });
    let version = 0;
    const load = jest.fn(async (): Promise<Loaded<string>> => ({ value: `v${++version}`, tags: [] }));
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    clock.now += 2_000;
    expect(await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)])).toEqual(['v1', 'v1']);
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(await cache.getOrLoad('k', load)).toBe('v2');
  });

  it('refreshes at most two stale entries at once; the others stay stale until a later request', async () => {
    const { cache, clock } = makeCache({ freshMs: 1_000, staleMs: 60_000 });
    const gates = [deferred<Loaded<string>>(), deferred<Loaded<string>>()];
    const loads = ['a', 'b', 'c'].map((key, i) =>
      jest
        .fn<Promise<Loaded<string>>, []>()
        .mockResolvedValueOnce({ value: `${key}1`, tags: [] })
        .mockImplementation(() => gates[i]?.promise ?? Promise.resolve({ value: `${key}2`, tags: [] })),
    );
    for (const [i, key] of ['a', 'b', 'c'].entries()) await cache.getOrLoad(key, loads[i] as () => Promise<Loaded<string>>);
    clock.now += 2_000;
    expect(['a', 'b', 'c'].map((key) => cache.peek(key))).toEqual(['a1', 'b1', 'c1']);
    expect(loads.map((load) => load.mock.calls.length)).toEqual([2, 2, 1]);
    gates[0]?.resolve({ value: 'a2', tags: [] });
    await settle();
    expect(cache.peek('c')).toBe('c1');
    await settle();
    expect(loads[2]?.mock.calls.length).toBe(2);
    expect(cache.peek('a')).toBe('a2');
    expect(cache.peek('c')).toBe('c2');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache } = makeCache({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await cache.getOrLoad(key, loaderOf(key, [`t:${key}`]));
    expect(cache.peek('a')).toBe('a'); // a is now the most recently used
    await cache.getOrLoad('d', loaderOf('d'));
    expect(cache.size).toBe(3);
    expect(cache.peek('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.peek(k))).toEqual(['a', 'c', 'd']);
    // The evicted entry's tags are gone too: invalidating them touches nothing else.
    cache.invalidate(['t:b']);
    expect(cache.size).toBe(3);
  });

  it('gives an entry read since it was last passed over a second chance, and evicts the oldest once all were read', async () => {
    const { cache } = makeCache({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await cache.getOrLoad(key, loaderOf(key));
    // A read only marks the entry (no move): read in any order, all three are equal.
    for (const key of ['c', 'b', 'a']) cache.peek(key);
    // Every entry was read: each is passed over once (unread again), then the oldest stored goes.
    await cache.getOrLoad('d', loaderOf('d'));
    expect(['a', 'b', 'c', 'd'].map((k) => cache.has(k))).toEqual([false, true, true, true]);
    // b and c were passed over and not read since, d is new: b (the oldest of them) goes.
    cache.peek('d');
    await cache.getOrLoad('e', loaderOf('e'));
    expect(['b', 'c', 'd', 'e'].map((k) => cache.has(k))).toEqual([false, true, true, true]);
  });

  it('with secondLoadOnly, keeps a key from its second load, and remembers first loads only so far', async () => {
    const { cache } = makeCache({ maxEntries: 3, secondLoadOnly: true });
    const load = loaderOf('a', ['t']);
    expect(await cache.getOrLoad('a', load)).toBe('a');
    expect(cache.has('a')).toBe(false);
    await cache.getOrLoad('a', load);
    expect(cache.has('a')).toBe(true);
    await cache.getOrLoad('a', load);
    expect(load).toHaveBeenCalledTimes(2);
    // A kept entry's refresh is kept without a second sight.
    const { cache: stale, clock } = makeCache({ secondLoadOnly: true });
    await stale.getOrLoad('k', loaderOf('v1'));
    const values = ['v2', 'v3'];
    await stale.getOrLoad('k', async () => ({ value: values.shift() ?? 'none', tags: [] }));
    clock.now += 2_000;
    expect(stale.peek('k')).toBe('v2');
    await settle();
    expect(stale.peek('k')).toBe('v3');
    // Invalidated, a kept key's next load is kept at once: it was asked for again already.
    cache.invalidate(['t']);
    expect(cache.has('a')).toBe(false);
    await cache.getOrLoad('a', load);
    expect(cache.has('a')).toBe(true);
    // So after everything is dropped.
    cache.clear();
    await cache.getOrLoad('a', load);
    expect(cache.has('a')).toBe(true);
    // Crowded out of the cache by others, it starts again from a first load.
    for (const key of ['y1', 'y2', 'y3']) for (const _ of [1, 2]) await cache.getOrLoad(key, loaderOf(key));
    expect(cache.has('a')).toBe(false);
    await cache.getOrLoad('a', load);
    expect(cache.has('a')).toBe(false);
    // The memory of first loads holds about maxEntries keys: a key loaded once before it filled is new again.
    for (const key of ['x1', 'x2', 'x3', 'x4']) await cache.getOrLoad(key, loaderOf(key));
    await cache.getOrLoad('a', load);
    expect(cache.has('a')).toBe(false);
    // put follows the same rule.
    cache.put('p', { value: 'p', tags: [] }, cache.currentEpoch, loaderOf('p'));
    expect(cache.has('p')).toBe(false);
    cache.put('p', { value: 'p', tags: [] }, cache.currentEpoch, loaderOf('p'));
    expect(cache.peek('p')).toBe('p');
  });

  it('peeks several keys at one reading of the clock, as peek would one by one', async () => {
    const { cache, clock } = makeCache({ staleMs: 1_000 });
    await cache.getOrLoad('a', loaderOf('a'));
    clock.now += 1_000;
    await cache.getOrLoad('b', loaderOf('b'));
    expect(cache.peekAll(['a', 'b', 'c'])).toEqual(['a', 'b', undefined]);
    // Past a's stale window, not b's.
    clock.now += 1_500;
    expect(cache.peekAll(['a', 'b'])).toEqual([undefined, 'b']);
  });

  it('drops exactly the entries carrying an invalidated tag', async () => {
    const { cache } = makeCache();
    await cache.getOrLoad('one', loaderOf('1', ['p:1', 'instock']));
    await cache.getOrLoad('two', loaderOf('2', ['p:2']));
    await cache.getOrLoad('three', loaderOf('3', ['p:1', 'p:3']));
    cache.invalidate(['p:1']);
    expect(cache.peek('one')).toBeUndefined();
    expect(cache.peek('three')).toBeUndefined();
    expect(cache.peek('two')).toBe('2');
  });

  it('does not store a load that read the database before an invalidation concerning it', async () => {
    const { cache } = makeCache();
    const gate = deferred<Loaded<string>>();
    const first = cache.getOrLoad('k', () => gate.promise);
    cache.invalidate(['p:1']);
    // A caller arriving after the change must not get the answer read before it.
    const late = cache.getOrLoad('k', loaderOf('after', ['p:1']));
    gate.resolve({ value: 'before', tags: ['p:1'] });
    expect(await first).toBe('before');
    expect(await late).toBe('after');
    expect(cache.peek('k')).toBe('after');
  });

  it('stores a load when the invalidations during it concern other answers', async () => {
    const { cache } = makeCache();
    const gate = deferred<Loaded<string>>();
    const first = cache.getOrLoad('k', () => gate.promise);
    cache.invalidate(['p:2']);
    const late = cache.getOrLoad('k', loaderOf('unused', ['p:1']));
    gate.resolve({ value: 'v', tags: ['p:1'] });
    expect(await Promise.all([first, late])).toEqual(['v', 'v']);
    expect(cache.peek('k')).toBe('v');
  });

  it('does not cache at all with freshMs 0', async () => {
    const { cache } = makeCache({ freshMs: 0 });
    const load = loaderOf('a');
    await cache.getOrLoad('k', load);
    await cache.getOrLoad('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
