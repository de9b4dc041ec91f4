import { KEPT_MAX_AGE_MS, keepable, keepAnswer, keptAnswer } from './kept-catalog';

const key = (n: number) => ['market', 'products', { category: n === 0 ? undefined : `c${n}`, page: 1 }];

beforeEach(() => localStorage.clear());

describe('the catalog answers kept on the device', () => {
  it('are the searches a visit opens with: any category and sort, no words, no filters, the first page', () => {
    expect(keepable({ sort: 'relevance', page: 1, pageSize: 12 })).toBe(true);
    expect(keepable({ category: 'crops', sort: 'price_asc', page: 1 })).toBe(true);
    expect(keepable({})).toBe(true);
    expect(keepable({ q: 'maize', page: 1 })).toBe(false);
    expect(keepable({ page: 2 })).toBe(false);
    expect(keepable({ minPrice: 0 })).toBe(false);
    expect(keepable({ maxPrice: 500 })).toBe(false);
    expect(keepable({ county: 'Nakuru' })).toBe(false);
    expect(keepable({ inStock: true })).toBe(false);
    expect(keepable({ minRating: 4 })).toBe(false);
  });

  it('come back for the same key only, until a day has passed', () => {
    const now = 1_800_000_000_000;
    keepAnswer(key(1), { items: ['kept'] }, now);
    expect(keptAnswer(key(1), now + 60_000)).toEqual({ items: ['kept'] });
    expect(keptAnswer(key(2), now + 60_000)).toBeUndefined();
    expect(keptAnswer(key(1), now + KEPT_MAX_AGE_MS - 1)).toEqual({ items: ['kept'] });
    expect(keptAnswer(key(1), now + KEPT_MAX_AGE_MS)).toBeUndefined();
    // A clock set back before the answer was kept does not make it look fresh for ever.
    expect(keptAnswer(key(1), now - 1)).toBeUndefined();
  });

  it('keep the latest answer per key and the six most recent keys', () => {
    keepAnswer(key(1), 'old', 1);
    keepAnswer(key(1), 'new', 2);
    expect(keptAnswer(key(1), 3)).toBe('new');
    for (let n = 2; n <= 7; n += 1) keepAnswer(key(n), `answer ${n}`, n);
    expect(keptAnswer(key(1), 10)).toBeUndefined();
    expect(keptAnswer(key(2), 10)).toBe('answer 2');
    expect(keptAnswer(key(7), 10)).toBe('answer 7');
  });

  it('ignore what another build kept, and storage that is not theirs or unreadable', () => {
    keepAnswer(key(1), 'mine', 1);
    const stored = JSON.parse(localStorage.getItem('shambasoko.market.kept') ?? '{}');
    localStorage.setItem('shambasoko.market.kept', JSON.stringify({ ...stored, build: 'an older market build' }));
    expect(keptAnswer(key(1), 2)).toBeUndefined();
    for (const junk of ['{not json', 'null', '42', '{"build":"unbundled","answers":{}}', '{"build":"unbundled","answers":[{"key":1}]}']) {
      localStorage.setItem('shambasoko.market.kept', junk);
      expect(keptAnswer(key(1), 2)).toBeUndefined();
    }
    // Keeping again over junk starts afresh.
    keepAnswer(key(1), 'again', 3);
    expect(keptAnswer(key(1), 4)).toBe('again');
  });

  it('cost nothing but the next visit’s head start when storage is full or blocked', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(() => keepAnswer(key(1), 'lost', 1)).not.toThrow();
    } finally {
      setItem.mockRestore();
    }
    expect(keptAnswer(key(1), 2)).toBeUndefined();
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      expect(keptAnswer(key(1), 2)).toBeUndefined();
    } finally {
      getItem.mockRestore();
    }
  });
});
