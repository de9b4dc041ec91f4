import type { Crop, Farm, FarmProfit, Field, IncomeEntry, Season } from '@shambasoko/contracts';
import { HECTARES_PER_ACRE } from '@shambasoko/contracts';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { type Client, addMember, newClient } from '../test-helpers';
import { shareOut } from './share';

// Profit per acre = income − costs, the costs shared by area (issue 42). The figures below are worked
// out by hand from the fixture:
//   Field A, 10 acres: Maize 6 acres, Beans 4 acres.  Field B, 5 acres: Potatoes 5 acres.
//   Costs: Maize seed 30,000 (the crop's own); Field A ploughing 10,000 (no crop: by crop area,
//   Maize 6,000, Beans 4,000); farm-wide fencing 15,000 (no field: by field area, A 10,000 → Maize
//   6,000, Beans 4,000; B 5,000 → Potatoes 5,000).
//   Income: Maize 90,000 (20 bags × 4,500 cash), Beans 20,000 (M-Pesa), Potatoes nothing.
//   Maize:    90,000 − (30,000 + 6,000 + 6,000) = 48,000 → 8,000 an acre
//   Beans:    20,000 − (4,000 + 4,000)          = 12,000 → 3,000 an acre
//   Potatoes:      0 − 5,000                    = −5,000 → −1,000 an acre
//   Field A 110,000 − 50,000 = 60,000 on 10 acres → 6,000; Field B −5,000 on 5 → −1,000
//   Farm 110,000 − 55,000 (30,000 + 10,000 + 15,000) = 55,000 on 15 acres → 3,667 (3,666.67)

let t: TestApp;
let owner: Client;
let farm: Farm;
let season: Season;
let maize: Crop;
let beans: Crop;
let potatoes: Crop;
useTestApp((app) => (t = app));

const acres = (n: number) => n * HECTARES_PER_ACRE;

beforeAll(async () => {
  owner = await newClient(t, { firstName: 'Profit', lastName: 'Owner' });
  farm = (await owner.post<Farm>('/v1/farms', { name: 'Profit Farm', county: 'Nakuru', totalSize: 40, owner: 'P. Owner' })).body;
  const field = async (name: string, size: number) =>
    (await owner.post<Field>(`/v1/farms/${farm.id}/fields`, { name, size, unit: 'acres', cropType: 'Mixed' })).body;
  const a = await field('Field A', 10);
  const b = await field('Field B', 5);
  season = (
    await owner.post<Season>('/v1/seasons', {
      farmId: farm.id,
      name: 'Long Rains 2027',
      cropType: 'Mixed',
      startDate: '2027-03-01',
      endDate: '2027-08-31',
    })
  ).body;
  const crop = async (f: Field, name: string, area: number, yieldPerHectare?: number) => {
    const res = await owner.post<Crop>('/v1/crops', {
      farmId: farm.id,
      fieldId: f.id,
      seasonId: season.id,
      name,
      area,
      plantedDate: '2027-03-15',
      expectedHarvest: '2027-07-31',
      ...(yieldPerHectare === undefined ? {} : { yieldPerHectare }),
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  maize = await crop(a, 'Maize', acres(6), 2.5);
  beans = await crop(a, 'Beans', acres(4));
  potatoes = await crop(b, 'Potatoes', acres(5));
  const cost = async (amount: number, refs: object) => {
    const res = await owner.post('/v1/costs', { farmId: farm.id, budgetCategory: 'Other', amount, date: '2027-04-01', ...refs });
    expect(res.status).toBe(201);
  };
  await cost(30_000, { fieldId: a.id, seasonId: season.id, cropId: maize.id });
  await cost(10_000, { fieldId: a.id, seasonId: season.id });
  await cost(15_000, {});
  const sale = async (c: Crop, body: object) => {
    const res = await owner.post<IncomeEntry>(`/v1/crops/${c.id}/income`, body);
    expect([res.status, res.message]).toEqual([201, 'Sale recorded']);
    return res.body;
  };
  const bagsSold = await sale(maize, {
    date: '2027-08-01',
    buyer: 'NCPB Nakuru',
    quantity: 20,
    unit: 'bag_90kg',
    pricePerUnit: 4_500,
    paymentMethod: 'cash',
  });
  expect(bagsSold.total).toBe(90_000);
  await sale(beans, { date: '2027-08-02', quantity: 200, unit: 'kg', pricePerUnit: 110, total: 20_000, paymentMethod: 'mpesa' });
  // Two harvests of maize: 20 bags and 600 kg, 2,400 kg on 6 acres = 400 kg an acre; expected
  // 2.5 t/ha = 1,011.7 kg an acre, so 40% of it.
  await owner.post(`/v1/crops/${maize.id}/harvests`, { date: '2027-07-30', quantity: 20, unit: 'bag_90kg', destination: 'sold' });
  await owner.post(`/v1/crops/${maize.id}/harvests`, { date: '2027-07-31', quantity: 600, unit: 'kg', destination: 'stored' });
});

describe('profit per acre', () => {
  it('shares costs out by area and gives income − costs per crop, field, season and farm', async () => {
    const res = await owner.get<FarmProfit>(`/v1/farms/${farm.id}/profit?seasonId=${season.id}`);
    expect(res.status).toBe(200);
    const byCrop = Object.fromEntries(res.body.crops.map((c) => [c.cropName, c]));
    expect(byCrop.Maize).toMatchObject({
      income: 90_000,
      directCosts: 30_000,
      sharedCosts: 12_000,
      costs: 42_000,
      profit: 48_000,
      acres: 6,
      profitPerAcre: 8_000,
    });
    expect(byCrop.Maize).toMatchObject({ harvestedKg: 2_400, kgPerAcre: 400, expectedKgPerAcre: 1011.7, percentOfExpected: 40 });
    expect(byCrop.Beans).toMatchObject({
      income: 20_000,
      directCosts: 0,
      sharedCosts: 8_000,
      costs: 8_000,
      profit: 12_000,
      acres: 4,
      profitPerAcre: 3_000,
    });
    expect(byCrop.Potatoes).toMatchObject({
      cropId: potatoes.id,
      income: 0,
      costs: 5_000,
      profit: -5_000,
      acres: 5,
      profitPerAcre: -1_000,
      expectedKgPerAcre: null,
    });
    expect(res.body.fields).toEqual([
      expect.objectContaining({ fieldName: 'Field A', income: 110_000, costs: 50_000, profit: 60_000, acres: 10, profitPerAcre: 6_000 }),
      expect.objectContaining({ fieldName: 'Field B', income: 0, costs: 5_000, profit: -5_000, acres: 5, profitPerAcre: -1_000 }),
    ]);
    expect(res.body.seasons).toEqual([
      expect.objectContaining({ seasonId: season.id, income: 110_000, costs: 55_000, profit: 55_000, acres: 15, profitPerAcre: 3_667 }),
    ]);
    expect(res.body.farm).toEqual({
      income: 110_000,
      directCosts: 30_000,
      sharedCosts: 25_000,
      costs: 55_000,
      profit: 55_000,
      acres: 15,
      profitPerAcre: 3_667,
    });
    expect(res.body.unallocatedCosts).toBe(0);
  });

  it('keeps every shilling when a share does not divide evenly', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(10, [0, 0])).toBeUndefined();
  });

  it('is the books: Field Workers and Viewers are refused, a buyer from outside finds no farm', async () => {
    const buyer = await newClient(t, { firstName: 'Just', lastName: 'Buyer' });
    expect(await buyer.get(`/v1/farms/${farm.id}/profit`)).toMatchObject({ status: 404, body: null });
    expect(await buyer.get(`/v1/crops/${maize.id}/income`)).toMatchObject({ status: 404, body: null });
    for (const role of ['Field Worker', 'Viewer', 'Field Supervisor'] as const) {
      const member = await newClient(t);
      await addMember(owner, farm.id, member, role);
      const refusal = `As a ${role} on this farm you cannot see the farm's budget and costs.`;
      expect(await member.get(`/v1/farms/${farm.id}/profit`)).toMatchObject({ status: 403, message: refusal, body: null });
      expect(await member.get(`/v1/crops/${maize.id}/income`)).toMatchObject({ status: 403, message: refusal, body: null });
      const sale = { date: '2027-08-03', quantity: 1, unit: 'kg', pricePerUnit: 1, paymentMethod: 'cash' };
      expect((await member.post(`/v1/crops/${maize.id}/income`, sale)).status).toBe(403);
    }
    const accountant = await newClient(t);
    await addMember(owner, farm.id, accountant, 'Accountant');
    expect((await accountant.get<FarmProfit>(`/v1/farms/${farm.id}/profit`)).body.farm.profit).toBe(55_000);
  });
});
