import type { CropHarvests, FarmYields, Harvest } from '@shambasoko/contracts';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { type Client, type FarmFixture, addMember, buildFarm, newClient } from '../test-helpers';

// Harvests of a crop (issue 42): several per crop, each in its own unit, added up in kg against the
// crop's expected tonnes per hectare.

let t: TestApp;
let owner: Client;
let fx: FarmFixture;
useTestApp((app) => (t = app));

beforeAll(async () => {
  owner = await newClient(t, { firstName: 'Harvest', lastName: 'Owner' });
  fx = await buildFarm(owner, 'Harvest Farm');
  // 10 ha planted, 2.5 t/ha expected: 25,000 kg, 2,500 kg a hectare, 1,011.7 kg an acre.
  expect((await owner.patch(`/v1/crops/${fx.crop.id}`, { yieldPerHectare: 2.5 })).status).toBe(200);
});

describe('harvests of a crop', () => {
  let bags: Harvest;

  it('records two harvests and gives the yield per acre and per hectare against the expected', async () => {
    const first = await owner.post<Harvest>(`/v1/crops/${fx.crop.id}/harvests`, {
      date: '2027-02-20',
      quantity: 50,
      unit: 'bag_90kg',
      grade: 'Grade 1',
      destination: 'stored',
    });
    expect([first.status, first.message]).toEqual([201, 'Harvest recorded']);
    expect(first.body).toMatchObject({ quantity: 50, unit: 'bag_90kg', kgPerUnit: 90, kg: 4500, destination: 'stored', grade: 'Grade 1' });
    bags = first.body;
    const crates = await owner.post<Harvest>(`/v1/crops/${fx.crop.id}/harvests`, {
      date: '2027-02-25',
      quantity: 25,
      unit: 'crate',
      kgPerUnit: 20,
      destination: 'sold',
    });
    expect(crates.body).toMatchObject({ kg: 500, kgPerUnit: 20 });

    const res = await owner.get<CropHarvests>(`/v1/crops/${fx.crop.id}/harvests`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((h) => h.kg)).toEqual([4500, 500]);
    // 5,000 kg on 10 ha (24.71 acres): 500 kg/ha, 202.3 kg/acre; 20% of the expected 2,500 kg/ha.
    expect(res.body.yield).toEqual({
      cropId: fx.crop.id,
      hectares: 10,
      acres: 24.71,
      harvestedKg: 5000,
      kgPerHectare: 500,
      kgPerAcre: 202.3,
      expectedKgPerHectare: 2500,
      expectedKgPerAcre: 1011.7,
      percentOfExpected: 20,
      byDestination: { stored: 4500, sold: 500, eaten: 0, lost: 0 },
    });
  });

  it('asks the weight of a crate, and refuses nonsense', async () => {
    const url = `/v1/crops/${fx.crop.id}/harvests`;
    const base = { date: '2027-02-20', quantity: 5, unit: 'crate', destination: 'eaten' };
    expect(await owner.post(url, base)).toMatchObject({
      status: 400,
      message: expect.stringContaining('kgPerUnit: is required for this unit'),
    });
    expect((await owner.post(url, { ...base, unit: 'kg', quantity: -1 })).status).toBe(400);
    expect((await owner.post(url, { ...base, unit: 'tonne' })).status).toBe(400);
    expect((await owner.post(url, { ...base, unit: 'kg', destination: 'given away' })).status).toBe(400);
  });

  it('updates and deletes a harvest; a new unit takes its usual weight', async () => {
    const patched = await owner.patch<Harvest>(`/v1/harvests/${bags.id}`, { unit: 'kg', quantity: 4000 });
    expect([patched.status, patched.message]).toEqual([200, 'Harvest updated']);
    expect(patched.body).toMatchObject({ unit: 'kg', kgPerUnit: 1, kg: 4000 });
    expect((await owner.patch(`/v1/harvests/${bags.id}`, { unit: 'crate' })).status).toBe(400);
    const removed = await owner.del(`/v1/harvests/${bags.id}`);
    expect([removed.status, removed.message]).toEqual([200, 'Harvest deleted']);
    const res = await owner.get<CropHarvests>(`/v1/crops/${fx.crop.id}/harvests`);
    expect(res.body.items).toHaveLength(1);
  });

  it('lets every member read them, the field team record them, and nobody else near them', async () => {
    const worker = await newClient(t);
    await addMember(owner, fx.farm.id, worker, 'Field Worker');
    const supervisor = await newClient(t);
    await addMember(owner, fx.farm.id, supervisor, 'Field Supervisor');
    const stranger = await newClient(t);
    const body = { date: '2027-03-01', quantity: 10, unit: 'kg', destination: 'lost' };
    expect((await worker.get(`/v1/crops/${fx.crop.id}/harvests`)).status).toBe(200);
    expect(await worker.post(`/v1/crops/${fx.crop.id}/harvests`, body)).toMatchObject({
      status: 403,
      message: 'As a Field Worker on this farm you cannot manage crops.',
    });
    expect((await supervisor.post(`/v1/crops/${fx.crop.id}/harvests`, body)).status).toBe(201);
    expect((await stranger.get(`/v1/crops/${fx.crop.id}/harvests`)).status).toBe(404);
    expect((await stranger.post(`/v1/crops/${fx.crop.id}/harvests`, body)).status).toBe(404);
  });

  it("adds the farm's yields up per field and season against the expected, for every member", async () => {
    // Left: 25 crates of 20 kg (500 kg) and the supervisor's 10 kg: 510 kg on 10 ha of 25,000 kg expected.
    const viewer = await newClient(t);
    await addMember(owner, fx.farm.id, viewer, 'Viewer');
    const res = await viewer.get<FarmYields>(`/v1/farms/${fx.farm.id}/yields?seasonId=${fx.season.id}`);
    expect(res.status).toBe(200);
    const line = {
      hectares: 10,
      acres: 24.71,
      harvestedKg: 510,
      kgPerHectare: 51,
      kgPerAcre: 20.6,
      expectedKg: 25_000,
      percentOfExpected: 2,
    };
    expect(res.body.fields).toEqual([{ fieldId: fx.field.id, fieldName: 'Block 1', ...line }]);
    expect(res.body.seasons).toEqual([{ seasonId: fx.season.id, seasonName: 'Short Rains', ...line }]);
    expect(res.body.crops).toEqual([
      expect.objectContaining({ cropId: fx.crop.id, cropName: 'Maize', harvestedKg: 510, percentOfExpected: 2 }),
    ]);
    expect((await (await newClient(t)).get(`/v1/farms/${fx.farm.id}/yields`)).status).toBe(404);
  });
});
