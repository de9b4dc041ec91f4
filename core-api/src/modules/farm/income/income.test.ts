import type { CropIncome, IncomeEntry } from '@shambasoko/contracts';
import type { TestApp } from '../../../testing/test-app';
import { createTestUser } from '../../../testing/auth';
import { insertSale } from '../../../testing/market-sales';
import { createShop } from '../../../testing/shops';
import { useTestApp } from '../../../testing/use-test-app';
import { type Client, type FarmFixture, addMember, buildFarm, newClient } from '../test-helpers';

// A crop's sales made off the platform (issue 42): the total is what was received, quantity × price
// when not given; whole shillings; kept in step when the quantity or price changes.

let t: TestApp;
let owner: Client;
let fx: FarmFixture;
useTestApp((app) => (t = app));

beforeAll(async () => {
  owner = await newClient(t, { firstName: 'Income', lastName: 'Owner' });
  fx = await buildFarm(owner, 'Income Farm');
});

describe('income of a crop', () => {
  let sale: IncomeEntry;

  it('records a sale with its total worked out, and one with the total the buyer paid', async () => {
    const url = `/v1/crops/${fx.crop.id}/income`;
    const worked = await owner.post<IncomeEntry>(url, {
      date: '2027-02-21',
      buyer: 'Mama Mboga',
      quantity: 2.5,
      unit: 'crate',
      pricePerUnit: 1_999,
      paymentMethod: 'mpesa',
    });
    expect(worked).toMatchObject({ status: 201, body: { total: 4_998, pricePerUnit: 1_999, paymentMethod: 'mpesa', buyer: 'Mama Mboga' } });
    sale = worked.body;
    const agreed = await owner.post<IncomeEntry>(url, {
      date: '2027-02-22',
      quantity: 10,
      unit: 'kg',
      pricePerUnit: 100,
      total: 950,
      paymentMethod: 'cheque',
    });
    expect(agreed.body.total).toBe(950);
    expect((await owner.post(url, { date: '2027-02-22', quantity: 1, unit: 'kg', pricePerUnit: 10.5, paymentMethod: 'cash' })).status).toBe(
      400,
    );
    expect((await owner.post(url, { date: '2027-02-22', quantity: 1, unit: 'kg', pricePerUnit: 1, paymentMethod: 'barter' })).status).toBe(
      400,
    );
    const res = await owner.get<CropIncome>(url);
    expect(res.body).toMatchObject({ manualTotal: 5_948, marketTotal: 0, total: 5_948, market: [] });
    expect(res.body.manual.map((i) => i.total)).toEqual([4_998, 950]);
  });

  it('keeps the total in step with a new quantity, takes a total given, and deletes', async () => {
    const moved = await owner.patch<IncomeEntry>(`/v1/income/${sale.id}`, { quantity: 3 });
    expect([moved.status, moved.message, moved.body.total]).toEqual([200, 'Sale updated', 5_997]);
    const fixed = await owner.patch<IncomeEntry>(`/v1/income/${sale.id}`, { total: 6_000, buyer: 'Mama Mboga Ltd' });
    expect(fixed.body).toMatchObject({ total: 6_000, buyer: 'Mama Mboga Ltd', quantity: 3 });
    const removed = await owner.del(`/v1/income/${sale.id}`);
    expect([removed.status, removed.message]).toEqual([200, 'Sale deleted']);
    expect((await owner.get<CropIncome>(`/v1/crops/${fx.crop.id}/income`)).body.total).toBe(950);
  });

  it('is written by the roles that keep the books: an Accountant may, a Field Supervisor may not', async () => {
    const accountant = await newClient(t);
    await addMember(owner, fx.farm.id, accountant, 'Accountant');
    const supervisor = await newClient(t);
    await addMember(owner, fx.farm.id, supervisor, 'Field Supervisor');
    const body = { date: '2027-03-01', quantity: 1, unit: 'litre', pricePerUnit: 60, paymentMethod: 'cash' };
    expect((await accountant.post(`/v1/crops/${fx.crop.id}/income`, body)).status).toBe(201);
    expect(await supervisor.post(`/v1/crops/${fx.crop.id}/income`, body)).toMatchObject({
      status: 403,
      message: 'As a Field Supervisor on this farm you cannot manage costs.',
    });
  });
});

describe('market income of a crop', () => {
  it('counts what the farmer kept: a sale refunded in part counts the rest, one refunded in full not at all', async () => {
    const market = await buildFarm(owner, 'Market Income Farm');
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Kiprono' });
    await t.db.updateTable('products').set({ crop_id: market.crop.id }).where('id', '=', shop.productId).execute();
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Refund', lastName: 'Buyer', roles: ['Buyer'] });
    const sale = { sellerId: shop.sellerId, buyerId: buyer.id, part: 'delivered' as const, unitPrice: 500, quantity: 2 };
    await insertSale(t.db, shop.productId, sale);
    await insertSale(t.db, shop.productId, { ...sale, refund: 400 });
    await insertSale(t.db, shop.productId, { ...sale, refund: 1_000 });
    // A dispute decided for the seller gives nothing back.
    await insertSale(t.db, shop.productId, { ...sale, refund: 0 });

    const res = await owner.get<CropIncome>(`/v1/crops/${market.crop.id}/income`);
    expect(res.body.market.map((s) => s.total)).toEqual([1_000, 600, 1_000]);
    expect(res.body).toMatchObject({ marketTotal: 2_600, total: 2_600 });
  });
});
