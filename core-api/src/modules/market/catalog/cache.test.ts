import { z } from 'zod';
import { CatalogCache } from './cache';

describe('CatalogCache', () => {
  it('stores the serialised envelope with an ETag, and finds it again by raw URL', async () => {
    const cache = new CatalogCache();
    const schema = z.object({ items: z.array(z.string()) });
    const load = async () => ({ value: { items: [], email: 'owner@example.co.ke' }, tags: [] });
    // Asked for once, an answer is served but not kept; from the second load on it is.
    const once = await cache.answer('search:x', '/v1/products?q=x', schema, load);
    expect(cache.answerForUrl('/v1/products?q=x')).toBeUndefined();
    const answer = await cache.answer('search:x', '/v1/products?q=x', schema, load);
    expect(answer).toEqual(once);
    // Serialised through the response schema: a key it does not name stays off the wire.
    expect(JSON.parse(answer.payload)).toEqual({ header: { isSuccess: true, customerMessage: 'Success' }, body: { items: [] } });
    expect(answer.etag).toMatch(/^"[\w-]{22}"$/);
    expect(cache.answerForUrl('/v1/products?q=x')).toBe(answer);
    expect(cache.answerForUrl('/v1/products?q=y')).toBeUndefined();
  });

  it('on a stock change drops the answers showing the product, and in-stock answers only when it runs out or comes back', async () => {
    const cache = new CatalogCache();
    // Twice each: an answer is kept from its second load on.
    const fill = async () => {
      for (const _ of [1, 2]) {
        await cache.answer('shows-1', undefined, z.number(), async () => ({ value: 1, tags: ['p:1'] }));
        await cache.answer('in-stock', undefined, z.number(), async () => ({ value: 2, tags: ['instock', 'p:2'] }));
        await cache.answer('page-of-2', undefined, z.number(), async () => ({ value: 3, tags: ['p:2', 'related:crops'] }));
        await cache.answer('other', undefined, z.number(), async () => ({ value: 4, tags: ['p:3', 'related:supplies'] }));
      }
    };
    await fill();
    cache.stockChanged([{ productId: '1', category: 'crops', before: 5, after: 3 }]);
    expect(['shows-1', 'in-stock', 'page-of-2', 'other'].map((k) => cache.answers.peek(k) !== undefined)).toEqual([
      false,
      true,
      true,
      true,
    ]);

    await fill();
    cache.stockChanged([{ productId: '1', category: 'crops', before: 2, after: 0 }]);
    expect(['shows-1', 'in-stock', 'page-of-2', 'other'].map((k) => cache.answers.peek(k) !== undefined)).toEqual([
      false,
      false,
      true,
      true,
    ]);

    // Back in stock: it may now belong in related lists of its category that did not show it.
    await fill();
    cache.stockChanged([{ productId: '1', category: 'crops', before: 0, after: 4 }]);
    expect(['shows-1', 'in-stock', 'page-of-2', 'other'].map((k) => cache.answers.peek(k) !== undefined)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('has the search index read a product again when its listing is new or its stock runs out or comes back, not after every sale', () => {
    const cache = new CatalogCache();
    const changed = jest.spyOn(cache.textIndex, 'changed');
    // The index keeps whether a product is in stock, not how many are left.
    cache.stockChanged([{ productId: 'A1', category: 'crops', before: 5, after: 3 }]);
    cache.stockChanged([{ productId: 'A1', category: 'crops', before: 0, after: 0 }]);
    // Not even with no names: `changed([])` would mean "any product may have changed" (a full re-read).
    expect(changed).not.toHaveBeenCalled();
    cache.stockChanged([
      { productId: 'A1', category: 'crops', before: 3, after: 0 },
      { productId: 'B2', category: 'crops', before: 9, after: 8 },
    ]);
    expect(changed).toHaveBeenLastCalledWith(['a1']);
    cache.stockChanged([{ productId: 'A1', category: 'crops', before: 0, after: 4 }]);
    expect(changed).toHaveBeenLastCalledWith(['a1']);
    cache.listingAdded({ id: 'C3', sellerId: 's1', category: 'crops', county: 'Nakuru', active: true });
    expect(changed).toHaveBeenLastCalledWith(['c3']);
    expect(changed).toHaveBeenCalledTimes(3);
  });
});
