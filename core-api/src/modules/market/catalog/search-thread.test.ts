import type { FastifyInstance } from 'fastify';
import type { ProductSearchResult } from '@shambasoko/contracts';
import { buildApp } from '../../../app';
import type { TestUser } from '../../../testing/auth';
import { createShop } from '../../../testing/shops';
import { type TestApp, sendOverHttp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { SearchThread } from './search-thread';

// Text searches matched and ranked on the search thread (search-thread.ts) answer as the API's own
// thread answers them, and see every change the catalog hears. On PostgreSQL only: the thread reads
// the catalog through connections of its own.
const onServer = process.env.DATABASE_URL ? describe : describe.skip;

onServer('the search thread', () => {
  let t: TestApp;
  let seller: TestUser;
  // The same database, searched on the API's thread.
  let inThread: FastifyInstance;
  useTestApp(
    async (app) => {
      t = app;
      inThread = await buildApp({ db: t.db, config: { ...t.config, searchThread: false } });
      seller = (await createShop(t.db, t.config.jwtSecret, { name: 'Wambui', county: 'Nyeri' })).user;
    },
    { env: { SEARCH_THREAD: 'on' } },
  );
  afterAll(async () => {
    await inThread?.close();
  });

  const search = async (app: FastifyInstance, query: string) => {
    const res = await sendOverHttp(app, { method: 'GET', url: `/v1/products?${query}` });
    expect(res.statusCode).toBe(200);
    const { items, total, facets } = res.json<{ body: ProductSearchResult }>().body;
    return { ids: items.map((item) => item.id), total, facets };
  };

  it('answers every text, typo, Kiswahili word, filter, tab and sort as the API thread does', async () => {
    expect(t.config.searchThread).toBe(true);
    const texts = ['maize', 'maiz', 'tomatoe seedlings', 'mbolea', 'nyanya', 'dap fertiliser', 'hybrid seed', 'zzqx', 'kale -seed'];
    const filters = [
      '',
      '&category=crops',
      '&county=Nakuru',
      '&inStock=true&sort=price_asc',
      '&minPrice=500&maxPrice=20000&sort=rating',
      '&sort=newest&pageSize=48',
    ];
    let compared = 0;
    const answered = SearchThread.answered;
    for (const q of texts) {
      for (const filter of filters) {
        const query = `q=${encodeURIComponent(q)}${filter}`;
        expect({ query, ...(await search(t.app, query)) }).toEqual({ query, ...(await search(inThread, query)) });
        compared += 1;
      }
    }
    expect(compared).toBe(54);
    // The thread answered them (not the API's thread in its stead): one typo check a text, one ranking a search.
    expect(SearchThread.answered - answered).toBeGreaterThanOrEqual(54);
  });

  it('finds a new listing at once, and no longer once it is paused', async () => {
    const word = `thiratree${Date.now().toString(36)}`;
    const created = await t.request({
      method: 'POST',
      url: '/v1/seller/products',
      headers: seller.headers,
      payload: { title: `Fresh ${word} leaves`, category: 'crops', unit: 'kg', price: 120, stock: 30 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ body: { id: string } }>().body.id;
    expect((await search(t.app, `q=${word}`)).ids).toEqual([id]);
    // Misspelt: the typo path too.
    expect((await search(t.app, `q=${word.slice(0, -1)}`)).ids).toEqual([id]);

    const paused = await t.request({
      method: 'PATCH',
      url: `/v1/seller/products/${id}`,
      headers: seller.headers,
      payload: { status: 'paused' },
    });
    expect(paused.statusCode).toBe(200);
    expect((await search(t.app, `q=${word}`)).ids).toEqual([]);
  });
});
