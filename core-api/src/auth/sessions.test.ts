import { createLruSessionCache } from './sessions';

const facts = (userId: string) => ({ userId, revoked: false, expiresAt: Number.MAX_SAFE_INTEGER });

describe('the session cache', () => {
  it('forgets an entry after its TTL', () => {
    let now = 1_000;
    const cache = createLruSessionCache({ ttlMs: 5_000, now: () => now });
    cache.set('s1', facts('u1'));
    now += 4_999;
    expect(cache.get('s1')).toEqual(facts('u1'));
    now += 1;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = createLruSessionCache({ max: 2 });
    cache.set('a', facts('1'));
    cache.set('b', facts('2'));
    cache.get('a'); // a is now the most recent
    cache.set('c', facts('3'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('invalidates revoked sessions at once', () => {
    const cache = createLruSessionCache();
    cache.set('a', facts('1'));
    cache.set('b', facts('2'));
    cache.invalidate(['a']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
  });
});
