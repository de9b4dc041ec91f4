import { todayInNairobi } from '@shambasoko/contracts/time';
import type { Crop, Farm, Field, Season } from '@shambasoko/contracts';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import type { Page } from './common/list';
import { type Client, buildFarm, newClient } from './test-helpers';

// Farms, fields, seasons and crops: happy paths, lists (filters, search, sort, pages) and validation.

let t: TestApp;
let owner: Client;
useTestApp(async (app) => {
  t = app;
  owner = await newClient(t, { firstName: 'Amina', lastName: 'Odhiambo' });
});

describe('farms', () => {
  it('creates a farm whose creator is its Owner, then reads, updates and deletes it', async () => {
    const created = await owner.post<Farm>('/v1/farms', {
      name: 'Sunrise Acres',
      location: 'Machakos',
      totalSize: 12.5,
      owner: 'Amina Odhiambo',
      icon: '🌾',
    });
    expect(created.status).toBe(201);
    expect(created.message).toBe('Farm added');
    expect(created.body).toMatchObject({
      name: 'Sunrise Acres',
      location: 'Machakos',
      totalSize: 12.5,
      fieldsCount: 0,
      owner: 'Amina Odhiambo',
      established: String(new Date().getFullYear()),
      status: 'active',
      description: '',
      icon: '🌾',
      myRole: 'Owner',
    });
    const id = created.body.id;

    expect((await owner.get<Farm>(`/v1/farms/${id}`)).body.name).toBe('Sunrise Acres');
    const users = (await owner.get<Page<{ role: string; name: string; status: string }>>(`/v1/farm-users?farmId=${id}`)).body;
    expect(users.items).toEqual([expect.objectContaining({ role: 'Owner', name: 'Amina Odhiambo', status: 'active' })]);

    const updated = await owner.patch<Farm>(`/v1/farms/${id}`, { description: 'Drip-irrigated', status: 'inactive', totalSize: 14 });
    expect(updated).toMatchObject({
      status: 200,
      message: 'Farm updated',
      body: { description: 'Drip-irrigated', status: 'inactive', totalSize: 14 },
    });
    expect((await owner.patch<Farm>(`/v1/farms/${id}`, {})).body.name).toBe('Sunrise Acres');

    expect(await owner.del(`/v1/farms/${id}`)).toMatchObject({ status: 200, message: 'Farm deleted' });
    expect(await owner.get(`/v1/farms/${id}`)).toMatchObject({ status: 404, message: 'Farm not found' });
  });

  it('lists with search over name, location and owner, status filter, sort and pages', async () => {
    const lister = await newClient(t);
    for (const [name, location, ownerName] of [
      ['Baraka Farm', 'Kisumu', 'Otieno'],
      ['Chai Estate', 'Kericho', 'Chebet'],
      ['Amani Gardens', 'Nyeri', 'Wairimu'],
    ] as const) {
      await lister.post('/v1/farms', { name, location, totalSize: 5, owner: ownerName });
    }
    const chai = (await lister.get<Page<Farm>>('/v1/farms?search=chai')).body;
    expect(chai.items.map((f) => f.name)).toEqual(['Chai Estate']);
    expect((await lister.get<Page<Farm>>('/v1/farms?search=KISUMU')).body.items.map((f) => f.name)).toEqual(['Baraka Farm']);
    expect((await lister.get<Page<Farm>>('/v1/farms?search=wairimu')).body.items.map((f) => f.name)).toEqual(['Amani Gardens']);
    expect((await lister.get<Page<Farm>>('/v1/farms?search=50%25')).body.total).toBe(0);
    // Each of name, location and owner matches on its own, never across two of them.
    expect((await lister.get<Page<Farm>>('/v1/farms?search=farm%20kisumu')).body.total).toBe(0);
    expect((await lister.get<Page<Farm>>('/v1/farms?search=farm%0Akisumu')).body.total).toBe(0);
    expect((await lister.get<Page<Farm>>('/v1/farms?search=ARAKA%20F')).body.items.map((f) => f.name)).toEqual(['Baraka Farm']);

    const sorted = (await lister.get<Page<Farm>>('/v1/farms?sort=-name&pageSize=2')).body;
    expect(sorted).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(sorted.items.map((f) => f.name)).toEqual(['Chai Estate', 'Baraka Farm']);
    const second = (await lister.get<Page<Farm>>('/v1/farms?sort=-name&pageSize=2&page=2')).body;
    expect(second.items.map((f) => f.name)).toEqual(['Amani Gardens']);

    const first = chai.items[0]!;
    await lister.patch(`/v1/farms/${first.id}`, { status: 'inactive' });
    expect((await lister.get<Page<Farm>>('/v1/farms?status=inactive')).body.items.map((f) => f.name)).toEqual(['Chai Estate']);
    expect((await lister.get<Page<Farm>>('/v1/farms?status=active')).body.total).toBe(2);
  });

  it.each([
    [{ location: 'Nakuru', totalSize: 1, owner: 'X' }, 'name: is required'],
    [{ name: 'A', location: 'Nakuru', totalSize: -1, owner: 'X' }, 'totalSize: must be more than 0'],
    [{ name: 'A', location: 'Nakuru', totalSize: 'ten', owner: 'X' }, 'totalSize: must be a number'],
    [{ name: 'A', location: 'Nakuru', totalSize: 1, owner: '  ' }, 'owner: is required'],
    [{ name: 'A', location: 'Nakuru', totalSize: 1, owner: 'X', status: 'closed' }, 'status: must be one of: active, inactive'],
  ])('refuses a bad farm %j', async (payload, message) => {
    expect(await owner.post('/v1/farms', payload)).toMatchObject({ status: 400, message });
  });

  it('refuses bad list parameters', async () => {
    expect(await owner.get('/v1/farms?pageSize=500')).toMatchObject({ status: 400, message: 'pageSize: must be at most 100' });
    expect((await owner.get('/v1/farms?sort=password')).status).toBe(400);
    expect(await owner.get('/v1/farms/not-an-id')).toMatchObject({ status: 400, message: 'farmId: must be a valid id' });
  });
});

describe('fields', () => {
  it('adds fields to a farm and lists, reads, updates and deletes them', async () => {
    const { farm } = await buildFarm(owner, 'Field Farm');
    const added = await owner.post<Field>(`/v1/farms/${farm.id}/fields`, {
      name: 'South Terrace',
      size: 4.5,
      unit: 'acres',
      cropType: 'Beans',
      plantingDate: '2026-09-01',
    });
    expect(added).toMatchObject({
      status: 201,
      message: 'Field added',
      body: {
        farmId: farm.id,
        farmName: 'Field Farm',
        name: 'South Terrace',
        size: 4.5,
        unit: 'acres',
        cropType: 'Beans',
        plantingDate: '2026-09-01',
        status: 'planted',
      },
    });
    expect((await owner.get<Farm>(`/v1/farms/${farm.id}`)).body.fieldsCount).toBe(2);

    const defaulted = (await owner.post<Field>(`/v1/farms/${farm.id}/fields`, { name: 'Nursery', size: 1, cropType: 'Kale' })).body;
    expect(defaulted).toMatchObject({ unit: 'hectares', status: 'planted', plantingDate: todayInNairobi() });

    const list = (await owner.get<Page<Field>>(`/v1/fields?farmId=${farm.id}&sort=name`)).body;
    expect(list.items.map((f) => f.name)).toEqual(['Block 1', 'Nursery', 'South Terrace']);
    expect((await owner.get<Page<Field>>(`/v1/fields?farmId=${farm.id}&search=bean`)).body.items.map((f) => f.name)).toEqual([
      'South Terrace',
    ]);
    expect((await owner.get<Page<Field>>(`/v1/fields?farmId=${farm.id}&search=PLANTED`)).body.total).toBe(3);

    const id = added.body.id;
    const updated = await owner.patch<Field>(`/v1/fields/${id}`, { status: 'growing', size: 5 });
    expect(updated.body).toMatchObject({ status: 'growing', size: 5 });
    expect((await owner.get<Page<Field>>(`/v1/fields?farmId=${farm.id}&status=growing`)).body.items.map((f) => f.id)).toEqual([id]);
    expect((await owner.get<Field>(`/v1/fields/${id}`)).body.name).toBe('South Terrace');
    expect(await owner.del(`/v1/fields/${id}`)).toMatchObject({ status: 200, message: 'Field deleted' });
    expect(await owner.get(`/v1/fields/${id}`)).toMatchObject({ status: 404, message: 'Field not found' });
    // The list reads the trigger-kept counter: it follows adds and deletes.
    const listed = (await owner.get<Page<Farm>>('/v1/farms?search=field%20farm')).body.items;
    expect(listed.map((f) => [f.name, f.fieldsCount])).toEqual([['Field Farm', 2]]);
  });

  it.each([
    [{ size: 1, cropType: 'Maize' }, 'name: is required'],
    [{ name: 'A', cropType: 'Maize' }, 'size: is required'],
    [{ name: 'A', size: 1 }, 'cropType: is required'],
    [{ name: 'A', size: -2, cropType: 'Maize' }, 'size: must be more than 0'],
    [{ name: 'A', size: 1, cropType: 'Maize', unit: 'furlongs' }, 'unit: must be one of: hectares, acres, square meters'],
    [{ name: 'A', size: 1, cropType: 'Maize', status: 'burnt' }, 'status: must be one of: planted, growing, harvesting, fallow'],
    [{ name: 'A', size: 1, cropType: 'Maize', plantingDate: '12/10/2026' }, 'plantingDate: must be a date (YYYY-MM-DD)'],
  ])('refuses a bad field %j', async (payload, message) => {
    const { farm } = await buildFarm(owner);
    expect(await owner.post(`/v1/farms/${farm.id}/fields`, payload)).toMatchObject({ status: 400, message });
  });
});

describe('seasons', () => {
  it('plans, lists, updates and deletes seasons', async () => {
    const { farm, field, season } = await buildFarm(owner, 'Season Farm');
    expect(season).toMatchObject({
      farmId: farm.id,
      farmName: 'Season Farm',
      fieldId: null,
      fieldName: null,
      status: 'active',
      startDate: '2026-10-01',
      endDate: '2027-02-28',
    });
    const planned = await owner.post<Season>('/v1/seasons', {
      farmId: farm.id,
      fieldId: field.id,
      name: 'Long Rains 2027',
      cropType: 'Beans',
      startDate: '2027-03-01',
      endDate: '2027-07-31',
    });
    expect(planned).toMatchObject({
      status: 201,
      message: 'Season added',
      body: { fieldId: field.id, fieldName: 'Block 1', status: 'upcoming' },
    });

    const list = (await owner.get<Page<Season>>(`/v1/seasons?farmId=${farm.id}`)).body;
    expect(list.items.map((s) => s.name)).toEqual(['Long Rains 2027', 'Short Rains']);
    expect((await owner.get<Page<Season>>(`/v1/seasons?farmId=${farm.id}&fieldId=${field.id}`)).body.items.map((s) => s.name)).toEqual([
      'Long Rains 2027',
    ]);
    expect((await owner.get<Page<Season>>(`/v1/seasons?farmId=${farm.id}&status=active`)).body.items.map((s) => s.name)).toEqual([
      'Short Rains',
    ]);
    expect((await owner.get<Page<Season>>(`/v1/seasons?farmId=${farm.id}&search=long`)).body.total).toBe(1);

    const id = planned.body.id;
    expect((await owner.patch<Season>(`/v1/seasons/${id}`, { status: 'active', fieldId: null })).body).toMatchObject({
      status: 'active',
      fieldId: null,
    });
    expect(await owner.patch(`/v1/seasons/${id}`, { endDate: '2027-01-01' })).toMatchObject({
      status: 400,
      message: 'The end date cannot be before the start date',
    });
    expect((await owner.get<Season>(`/v1/seasons/${id}`)).body.endDate).toBe('2027-07-31');
    expect(await owner.del(`/v1/seasons/${id}`)).toMatchObject({ status: 200, message: 'Season deleted' });
    expect((await owner.get(`/v1/seasons/${id}`)).status).toBe(404);
  });

  it('refuses an end date before the start date, a field of another farm and unknown statuses', async () => {
    const { farm } = await buildFarm(owner);
    const other = await buildFarm(owner);
    const base = { farmId: farm.id, name: 'S', cropType: 'Maize', startDate: '2026-05-01', endDate: '2026-08-01' };
    expect(await owner.post('/v1/seasons', { ...base, endDate: '2026-04-30' })).toMatchObject({
      status: 400,
      message: 'The end date cannot be before the start date',
    });
    expect(await owner.post('/v1/seasons', { ...base, fieldId: other.field.id })).toMatchObject({
      status: 400,
      message: 'The field does not belong to this farm',
    });
    expect(await owner.post('/v1/seasons', { ...base, status: 'planned' })).toMatchObject({
      status: 400,
      message: 'status: must be one of: active, completed, upcoming',
    });
    expect(await owner.post('/v1/seasons', { ...base, startDate: undefined })).toMatchObject({
      status: 400,
      message: 'startDate: is required',
    });
  });
});

describe('crops', () => {
  it('plants, lists, updates and deletes crops', async () => {
    const { farm, field, season, crop } = await buildFarm(owner, 'Crop Farm');
    expect(crop).toMatchObject({
      farmId: farm.id,
      farmName: 'Crop Farm',
      fieldId: field.id,
      fieldName: 'Block 1',
      seasonId: season.id,
      seasonName: 'Short Rains',
      name: 'Maize',
      area: 10,
      plantedDate: '2026-10-05',
      expectedHarvest: '2027-02-20',
      yieldPerHectare: null,
      status: 'planned',
      createdBy: { id: owner.user.id, name: 'Amina Odhiambo' },
    });
    const beans = await owner.post<Crop>('/v1/crops', {
      farmId: farm.id,
      fieldId: field.id,
      seasonId: season.id,
      name: 'Beans',
      area: 2,
      plantedDate: '2026-10-10',
      expectedHarvest: '2027-01-10',
      yieldPerHectare: 1.4,
      status: 'growing',
    });
    expect(beans).toMatchObject({ status: 201, message: 'Crop added', body: { yieldPerHectare: 1.4, status: 'growing' } });

    const list = (await owner.get<Page<Crop>>(`/v1/crops?farmId=${farm.id}&sort=name`)).body;
    expect(list.items.map((c) => c.name)).toEqual(['Beans', 'Maize']);
    expect((await owner.get<Page<Crop>>(`/v1/crops?farmId=${farm.id}&search=GROW`)).body.items.map((c) => c.name)).toEqual(['Beans']);
    expect((await owner.get<Page<Crop>>(`/v1/crops?seasonId=${season.id}&userId=${owner.user.id}`)).body.total).toBe(2);
    expect((await owner.get<Page<Crop>>(`/v1/crops?farmId=${farm.id}&status=planned`)).body.items.map((c) => c.name)).toEqual(['Maize']);

    const id = beans.body.id;
    expect((await owner.patch<Crop>(`/v1/crops/${id}`, { status: 'harvested', yieldPerHectare: 1.6 })).body).toMatchObject({
      status: 'harvested',
      yieldPerHectare: 1.6,
    });
    expect(await owner.patch(`/v1/crops/${id}`, { expectedHarvest: '2026-01-01' })).toMatchObject({
      status: 400,
      message: 'The expected harvest date cannot be before the planted date',
    });
    expect((await owner.get<Crop>(`/v1/crops/${id}`)).body.name).toBe('Beans');
    expect(await owner.del(`/v1/crops/${id}`)).toMatchObject({ status: 200, message: 'Crop deleted' });
    expect((await owner.get(`/v1/crops/${id}`)).status).toBe(404);
  });

  it('refuses a field or season of another farm and bad values', async () => {
    const mine = await buildFarm(owner);
    const other = await buildFarm(owner);
    const base = {
      farmId: mine.farm.id,
      fieldId: mine.field.id,
      seasonId: mine.season.id,
      name: 'Kale',
      area: 1,
      plantedDate: '2026-10-01',
      expectedHarvest: '2026-12-01',
    };
    expect(await owner.post('/v1/crops', { ...base, fieldId: other.field.id })).toMatchObject({
      status: 400,
      message: 'The field does not belong to this farm',
    });
    expect(await owner.post('/v1/crops', { ...base, seasonId: other.season.id })).toMatchObject({
      status: 400,
      message: 'The season does not belong to this farm',
    });
    expect(await owner.patch(`/v1/crops/${mine.crop.id}`, { fieldId: other.field.id })).toMatchObject({
      status: 400,
      message: 'The field does not belong to this farm',
    });
    expect(await owner.post('/v1/crops', { ...base, area: -1 })).toMatchObject({ status: 400, message: 'area: must be more than 0' });
    expect(await owner.post('/v1/crops', { ...base, status: 'rotten' })).toMatchObject({
      status: 400,
      message: 'status: must be one of: planned, growing, harvested, failed',
    });
    expect(await owner.post('/v1/crops', { ...base, expectedHarvest: '2026-09-01' })).toMatchObject({
      status: 400,
      message: 'The expected harvest date cannot be before the planted date',
    });
    expect((await owner.get<Page<Crop>>(`/v1/crops?farmId=${mine.farm.id}`)).body.total).toBe(1);
  });

  it("removes a field's crops and activities with the field (nothing left dangling)", async () => {
    const { farm, field } = await buildFarm(owner);
    await owner.del(`/v1/fields/${field.id}`);
    expect((await owner.get<Page<Crop>>(`/v1/crops?farmId=${farm.id}`)).body.total).toBe(0);
    expect((await owner.get<Page<unknown>>(`/v1/activities?farmId=${farm.id}`)).body.total).toBe(0);
    expect((await owner.get<Page<Season>>(`/v1/seasons?farmId=${farm.id}`)).body.total).toBe(1);
  });
});
