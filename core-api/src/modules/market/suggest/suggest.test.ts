import type { SearchSuggestions } from '@shambasoko/contracts';
import { StatementCounter } from '../../../db/statement-counter';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { createShop } from '../../../testing/shops';
import { catalogChangedEverywhere } from '../catalog/cache';
import type { TestApp, TestResponse } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

const counter = new StatementCounter();
let t: TestApp;
let admin: TestUser;
useTestApp(
  async (app) => {
    t = app;
    admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
  },
  { plugins: [counter] },
);

const get = (url: string) => t.request({ method: 'GET', url });
function bodyOf(res: TestResponse): SearchSuggestions {
  expect(res.statusCode).toBe(200);
  return res.json<{ body: SearchSuggestions }>().body;
}
const suggest = async (q: string) => bodyOf(await get(`/v1/search/suggest?q=${encodeURIComponent(q)}`));
const messageOf = (res: TestResponse) => res.json<{ header: { customerMessage: string } }>().header.customerMessage;

describe('GET /v1/search/suggest (issue 43)', () => {
  it('suggests kinds in both languages, listings, sellers and counties from two characters', async () => {
    const mah = await suggest('mah');
    expect(mah.kinds[0]).toEqual({ search: 'mahindi', words: ['mahindi', 'maize', 'corn'] });
    expect(mah.products.length).toBeGreaterThan(0);
    expect(mah.products.map((p) => p.name).every((name) => /maize|corn|bean|mahindi|maharagwe/i.test(name))).toBe(true);

    const maize = await suggest('Maize');
    expect(maize.kinds.map((k) => k.search)).toContain('maize');
    expect(maize.products.map((p) => p.name)).toContain('Dry Maize Grain, 90 kg Bag');

    expect((await suggest('nak')).counties).toEqual(['Nakuru']);
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Wambugu' });
    expect((await suggest('wambu')).sellers).toEqual([{ id: shop.sellerId, name: 'Wambugu Farm' }]);
  });

  it('shows only what the catalog shows: no paused, deleted or taken-down listing, nor a seller or county with none left', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Zawadiya', county: 'Turkana' });
    // createShop writes behind the API's back; a listing made through the API drops the cached county list (a new listing).
    catalogChangedEverywhere();
    const ids = async () => (await suggest('zawadiya')).products.map((p) => p.id);
    const seen = await suggest('zawadiya');
    expect(seen.products.map((p) => p.id)).toEqual([shop.productId]);
    expect(seen.sellers.map((s) => s.id)).toEqual([shop.sellerId]);
    expect((await suggest('turk')).counties).toEqual(['Turkana']);

    const pause = await t.request({
      method: 'PATCH',
      url: `/v1/seller/products/${shop.productId}`,
      headers: shop.user.headers,
      payload: { status: 'paused' },
    });
    expect(pause.statusCode).toBe(200);
    const paused = await suggest('zawadiya');
    expect(paused).toMatchObject({ products: [], sellers: [] });
    expect((await suggest('turk')).counties).toEqual([]);

    const resume = await t.request({
      method: 'PATCH',
      url: `/v1/seller/products/${shop.productId}`,
      headers: shop.user.headers,
      payload: { status: 'active' },
    });
    expect(resume.statusCode).toBe(200);
    expect(await ids()).toEqual([shop.productId]);

    const down = await t.request({
      method: 'POST',
      url: `/v1/admin/products/${shop.productId}/take-down`,
      headers: admin.headers,
      payload: { reason: 'Photos show another product' },
    });
    expect(down.statusCode).toBe(200);
    expect(await ids()).toEqual([]);

    const other = await createShop(t.db, t.config.jwtSecret, { name: 'Zawadiyo' });
    expect((await suggest('zawadiyo')).products.map((p) => p.id)).toEqual([other.productId]);
    const removed = await t.request({ method: 'DELETE', url: `/v1/seller/products/${other.productId}`, headers: other.user.headers });
    expect(removed.statusCode).toBe(200);
    expect(await suggest('zawadiyo')).toMatchObject({ products: [], sellers: [] });
  });

  it('reads the counties once for every new prefix, not once a prefix (issue 43)', async () => {
    expect((await suggest('nak')).counties).toEqual(['Nakuru']);
    // A new prefix: its listings and sellers, no third statement for the counties.
    let answer: SearchSuggestions | undefined;
    expect(await counter.during(async () => (answer = await suggest('mer')))).toBe(2);
    expect(answer?.counties).toEqual(['Meru']);
  });

  it('refuses fewer than two characters and more than 100; odd characters are only words', async () => {
    for (const q of ['', 'm', '  m  ', 'x'.repeat(101)]) {
      const res = await get(`/v1/search/suggest?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(400);
    }
    expect(messageOf(await get('/v1/search/suggest?q=m'))).toBe('q: must be at least 2 characters');
    for (const q of ["ma' or 1=1 --", 'ma:* & !', '%_\\', '((']) {
      const res = await get(`/v1/search/suggest?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
    }
  });
});
