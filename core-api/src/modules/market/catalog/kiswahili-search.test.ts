import type { ProductSearchResult, PublicProduct } from '@shambasoko/contracts';
import type { SellerListing } from '@shambasoko/contracts';
import { createTestUser } from '../../../testing/auth';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

let t: TestApp;
useTestApp((app) => (t = app));

async function search(q: string): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: `/v1/products?q=${encodeURIComponent(q)}&pageSize=48` });
  expect(res.statusCode).toBe(200);
  return res.json<{ body: ProductSearchResult }>().body.items.map((p) => p.name);
}

describe('Kiswahili search (issue 42)', () => {
  it.each([
    ['mbolea', /fertiliser/i, ['DAP Fertiliser 50 kg', 'CAN Fertiliser 50 kg']],
    ['mbolae', /fertiliser/i, ['DAP Fertiliser 50 kg']],
    ['mbegu', /seed/i, ['Certified Maize Seed H614D, 2 kg', 'Bean Seed Rosecoco (GLP-2), 2 kg']],
    ['mahindi', /maize/i, ['Certified Maize Seed H614D, 2 kg', 'Dry Maize Grain, 90 kg Bag']],
    ['dawa ya wadudu', /insecticide|pesticide/i, ['Lambda-Cyhalothrin 5% EC Insecticide, 1 L']],
    ['DAWA  ya Wadudu', /insecticide|pesticide/i, ['Lambda-Cyhalothrin 5% EC Insecticide, 1 L']],
    ['maziwa', /milk/i, ['Fresh Cow Milk, 20 Litres']],
    ['viazi', /potato/i, ['Shangi Potatoes, 50 kg Bag']],
    ['trekta', /tractor/i, ['Tractor Ploughing per Acre']],
  ])('"%s" finds what it names in English', async (q, kind, expected) => {
    const names = await search(q);
    expect(names).toEqual(expect.arrayContaining(expected));
    expect(names[0]).toMatch(kind);
  });

  it('"mbegu za mahindi" finds seed, maize seed first', async () => {
    const names = await search('mbegu za mahindi');
    expect(names.slice(0, 3).sort()).toEqual([
      'Certified Maize Seed H614D, 2 kg',
      'Certified Maize Seed H6213, 10 kg',
      'Drought-Tolerant Maize Seed DH04, 2 kg',
    ]);
    expect(names.filter((name) => !/seed/i.test(name))).toEqual([]);
  });

  it('leaves English searches as they were', async () => {
    expect((await search('DAP fertiliser'))[0]).toBe('DAP Fertiliser 50 kg');
    // The seven of before issue 42 (the issue's own count), nothing more.
    expect(await search('fertiliser')).toHaveLength(7);
    expect((await search('knapsack')).slice(0, 2).sort()).toEqual(['Knapsack Sprayer 16 L', 'Motorised Knapsack Sprayer 20 L']);
  });

  it('finds a listing by its Kiswahili title, ranks the words as typed first, and answers the title', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Farmer'] });
    const headers = user.headers;
    const profile = {
      businessName: 'Wanjiku Shamba',
      county: 'Nyeri',
      phone: '0712 345 678',
      whatsapp: '',
      pickupLocation: 'Karatina market',
      description: 'Mbolea ya shamba',
    };
    expect((await t.request({ method: 'PUT', url: '/v1/seller/profile', headers, payload: profile })).statusCode).toBe(200);
    const created = await t.request({
      method: 'POST',
      url: '/v1/seller/products',
      headers,
      payload: {
        title: 'Organic compost, 50 kg',
        titleSw: 'Mbolea ya samadi ya kuku',
        category: 'supplies',
        unit: 'piece',
        price: 900,
        stock: 10,
      },
    });
    expect(created.statusCode).toBe(201);
    const listing = created.json<{ body: SellerListing }>().body;
    expect(listing.titleSw).toBe('Mbolea ya samadi ya kuku');

    // The Kiswahili title holds the typed word; the fertilisers only its synonym.
    const names = await search('mbolea');
    expect(names[0]).toBe('Organic compost, 50 kg');
    expect(names).toContain('DAP Fertiliser 50 kg');
    // An English search finds it through the synonyms of its Kiswahili title.
    expect(await search('poultry manure')).toContain('Organic compost, 50 kg');

    const result = (await t.request({ method: 'GET', url: '/v1/products?q=samadi' })).json<{ body: ProductSearchResult }>().body;
    expect(result.items[0]).toMatchObject({ id: listing.id, name: 'Organic compost, 50 kg', titleSw: 'Mbolea ya samadi ya kuku' });
    const page = (await t.request({ method: 'GET', url: `/v1/products/${listing.id}` })).json<{ body: PublicProduct }>().body;
    expect(page.titleSw).toBe('Mbolea ya samadi ya kuku');

    // Emptied, the title is gone: cards fall back to the name.
    const edited = await t.request({ method: 'PATCH', url: `/v1/seller/products/${listing.id}`, headers, payload: { titleSw: '' } });
    expect(edited.json<{ body: SellerListing }>().body.titleSw).toBeNull();
    expect(await search('samadi ya kuku')).not.toContain('Organic compost, 50 kg');
  });

  it('refuses a Kiswahili title over 200 characters', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Farmer'] });
    const res = await t.request({
      method: 'POST',
      url: '/v1/seller/products',
      headers: user.headers,
      payload: { title: 'Maize', titleSw: 'm'.repeat(201), category: 'crops', unit: 'kg', price: 40, stock: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().header.customerMessage).toMatch(/^titleSw: /);
  });
});
