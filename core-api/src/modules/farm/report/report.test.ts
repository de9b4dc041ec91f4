import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Crop, CropIncome, Farm, Field, Season } from '@shambasoko/contracts';
import { HECTARES_PER_ACRE, type ShareLink, formatKES, orderNumber } from '@shambasoko/contracts';
import { orderableProducts, testCheckout } from '../../../testing/orders';
import { pdfText } from '../../../testing/pdf-text';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { type Client, addMember, newClient } from '../test-helpers';

// The farm report for a loan (issue 42), read back from the PDF. Figures worked out by hand:
//   Field A, 10 acres: Maize 6 acres (2.5 t/ha expected = 1,011.7 kg an acre), Beans 4 acres.
//   Costs: Maize 30,000 (its own); the whole farm 10,000, by field area all Field A's, by crop area
//   Maize 6,000, Beans 4,000.
//   Income: Maize 90,000 recorded (M-Pesa, NCPB) + a market order of 2 × 3,000 paid by M-Pesa = 96,000.
//   Maize: 96,000 − 36,000 = 60,000 → 10,000 an acre; harvested 2,400 kg = 400 kg an acre, 40%.
//   Beans: 0 − 4,000 = −4,000 → −1,000 an acre.   Farm: 96,000 − 40,000 = 56,000 on 10 acres → 5,600.

let t: TestApp;
let owner: Client;
let farm: Farm;
let season: Season;
let order: { id: string; number: number };
useTestApp((app) => (t = app));

const kes = (n: number) => formatKES(n).replace(/\u00a0/g, ' ');
const RECEIPT = 'QK12ABC345';

beforeAll(async () => {
  owner = await newClient(t, { firstName: 'Loan', lastName: 'Farmer' });
  farm = (await owner.post<Farm>('/v1/farms', { name: 'Mavuno Farm', county: 'Nakuru', totalSize: 40, owner: 'L. Farmer' })).body;
  const field = (await owner.post<Field>(`/v1/farms/${farm.id}/fields`, { name: 'Field A', size: 10, unit: 'acres', cropType: 'Maize' }))
    .body;
  season = (
    await owner.post<Season>('/v1/seasons', {
      farmId: farm.id,
      name: 'Long Rains 2027',
      cropType: 'Maize',
      startDate: '2027-03-01',
      endDate: '2027-08-31',
    })
  ).body;
  const crop = async (name: string, acres: number, yieldPerHectare?: number) =>
    (
      await owner.post<Crop>('/v1/crops', {
        farmId: farm.id,
        fieldId: field.id,
        seasonId: season.id,
        name,
        area: acres * HECTARES_PER_ACRE,
        plantedDate: '2027-03-15',
        expectedHarvest: '2027-07-31',
        ...(yieldPerHectare === undefined ? {} : { yieldPerHectare }),
      })
    ).body;
  const maize = await crop('Maize', 6, 2.5);
  await crop('Beans', 4);
  expect(
    (
      await owner.post('/v1/costs', {
        farmId: farm.id,
        cropId: maize.id,
        fieldId: field.id,
        seasonId: season.id,
        budgetCategory: 'Seeds & Planting',
        amount: 30_000,
        date: '2027-03-15',
      })
    ).status,
  ).toBe(201);
  expect((await owner.post('/v1/costs', { farmId: farm.id, budgetCategory: 'Fuel', amount: 10_000, date: '2027-05-01' })).status).toBe(201);
  const sale = { date: '2027-08-01', buyer: 'NCPB Nakuru', quantity: 20, unit: 'bag_90kg', pricePerUnit: 4_500, paymentMethod: 'mpesa' };
  expect((await owner.post(`/v1/crops/${maize.id}/income`, sale)).status).toBe(201);
  await owner.post(`/v1/crops/${maize.id}/harvests`, { date: '2027-07-30', quantity: 20, unit: 'bag_90kg', destination: 'sold' });
  await owner.post(`/v1/crops/${maize.id}/harvests`, { date: '2027-07-31', quantity: 600, unit: 'kg', destination: 'stored' });

  // A market listing of the maize (sell-your-harvest's link), bought twice over and paid by M-Pesa.
  const [product] = await orderableProducts(t.db, { minStock: 2 });
  // No "was" price: a seeded one may be below 3,000 (the table holds it above the price).
  await t.db.updateTable('products').set({ crop_id: maize.id, price: 3_000, original_price: null }).where('id', '=', product!.id).execute();
  const buyer = await newClient(t, { firstName: 'Market', lastName: 'Buyer' });
  await t.request({ method: 'POST', url: '/v1/cart/items', headers: buyer.user.headers, payload: { productId: product!.id, quantity: 2 } });
  const placed = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.user.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout(),
  });
  expect(placed.statusCode).toBe(201);
  const id = placed.json<{ body: { id: string } }>().body.id;
  const row = await t.db.selectFrom('orders').select('number').where('id', '=', id).executeTakeFirstOrThrow();
  order = { id, number: row.number };
  const seller = await t.db.selectFrom('products').select('seller_id').where('id', '=', product!.id).executeTakeFirstOrThrow();
  await sql`
    insert into order_fulfilments (order_id, seller_id, status, subtotal, paid_at)
    values (${id}, ${seller.seller_id}, 'paid', 6000, now())
    on conflict (order_id, seller_id) do update set status = 'paid', paid_at = now()`.execute(t.db);
  await t.db.insertInto('payments').values({ order_id: id, method: 'mpesa', status: 'paid', amount: 6_000, receipt: RECEIPT }).execute();
});

const pdf = async (who: Client, query = '', headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: `/v1/farms/${farm.id}/report.pdf${query}`, headers: { ...who.user.headers, ...headers } });

describe('farm report for a loan', () => {
  it('prints the farm, yields against the expected, income, costs, profit per acre and M-Pesa receipts', async () => {
    const res = await pdf(owner, `?seasons=${season.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Farm report: Mavuno Farm');
    expect(text).toContain('County\nNakuru');
    expect(text).toContain('Field A\n10 acres');
    expect(text).toContain('Season: Long Rains 2027');
    expect(text).toContain('Maize · Field A · 6 acres');
    expect(text).toContain('Harvested\n2,400 kg');
    expect(text).toContain('Yield per acre\n400 kg');
    expect(text).toContain('Expected per acre\n1,011.7 kg (40% of expected)');
    expect(text).toContain(
      `Maize · Field A · 6 acres\nHarvested\n2,400 kg\nYield per acre\n400 kg\nExpected per acre\n1,011.7 kg (40% of expected)\nIncome\n${kes(96_000)}\nCosts\n${kes(36_000)}\nProfit\n${kes(60_000)}\nProfit per acre\n${kes(10_000)}`,
    );
    expect(text).toContain(`Beans · Field A · 4 acres`);
    expect(text).toContain(`Profit\n${kes(-4_000)}\nProfit per acre\n${kes(-1_000)}`);
    expect(text).toContain(
      `All seasons in this report\nIncome\n${kes(96_000)}\nCosts\n${kes(40_000)}\nProfit\n${kes(56_000)}\nProfit per acre\n${kes(5_600)}`,
    );
    expect(text).toContain('Payments received through M-Pesa');
    // The line wraps before the receipt number on A4.
    expect(text).toContain(`Order ${orderNumber(order.number)} · M-Pesa receipt`);
    expect(text).toContain(`${RECEIPT}\n${kes(6_000)}`);
    expect(text).toContain(`NCPB Nakuru · recorded by the farmer\n${kes(90_000)}`);
    expect(text).toContain(`Total\n${kes(96_000)}`);
  });

  it("counts the paid market order of the crop's listing in the crop's income", async () => {
    const maizeId = (
      await owner.get<{ crops: Array<{ cropId: string; cropName: string }> }>(`/v1/farms/${farm.id}/profit`)
    ).body.crops.find((c) => c.cropName === 'Maize')!.cropId;
    const income = await owner.get<CropIncome>(`/v1/crops/${maizeId}/income`);
    expect(income.body).toMatchObject({ manualTotal: 90_000, marketTotal: 6_000, total: 96_000 });
    expect(income.body.market).toEqual([
      expect.objectContaining({ orderNumber: order.number, quantity: 2, unitPrice: 3_000, total: 6_000 }),
    ]);
  });

  it('prints only the parts chosen, and in Kiswahili for a Kiswahili reader', async () => {
    const yields = pdfText((await pdf(owner, `?include=yields`)).rawPayload);
    expect(yields).toContain('Yield per acre\n400 kg');
    expect(yields).not.toContain('Income');
    expect(yields).not.toContain(RECEIPT);
    const sw = pdfText((await pdf(owner, '', { 'accept-language': 'sw-KE' })).rawPayload);
    expect(sw).toContain('Ripoti ya shamba: Mavuno Farm');
    expect(sw).toContain(`Mapato\n${kes(96_000)}`);
    expect(sw).toContain(`Faida kwa ekari\n${kes(10_000)}`);
    expect((await pdf(owner, '?include=everything')).statusCode).toBe(400);
    expect((await pdf(owner, `?seasons=${randomUUID()}`)).statusCode).toBe(400);
  });

  it('is the books: Field Workers and Viewers are refused, strangers find no farm', async () => {
    for (const role of ['Field Worker', 'Viewer'] as const) {
      const member = await newClient(t);
      await addMember(owner, farm.id, member, role);
      const res = await pdf(member);
      expect(res.statusCode).toBe(403);
      expect((await member.post(`/v1/farms/${farm.id}/report-link`, {})).status).toBe(403);
    }
    const stranger = await newClient(t);
    expect((await pdf(stranger)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/v1/farms/${farm.id}/report.pdf` })).statusCode).toBe(401);
  });

  it('shares the report by a link that opens it without signing in until it expires', async () => {
    const link = await owner.post<ShareLink>(`/v1/farms/${farm.id}/report-link`, { seasons: [season.id], include: ['money', 'payments'] });
    expect([link.status, link.message]).toEqual([201, 'Share link ready']);
    const opened = await t.request({ method: 'GET', url: link.body.url });
    expect(opened.statusCode).toBe(200);
    const text = pdfText(opened.rawPayload);
    expect(text).toContain(`Profit per acre\n${kes(5_600)}`);
    expect(text).toContain(RECEIPT);
    expect(text).not.toContain('Yield per acre');
    await t.db
      .updateTable('share_links')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('farm_id', '=', farm.id)
      .execute();
    expect((await t.request({ method: 'GET', url: link.body.url })).statusCode).toBe(404);
  });
});
