import type { Farm } from '@shambasoko/contracts';
import { KENYA_COUNTIES } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import * as m024 from '../../../migrations/024_farm_county';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import type { Page } from './common/list';
import { type Client, newClient } from './test-helpers';

// A farm's location is a county (one of the 47) plus a free-text place (issue 17, migration 024).

let t: TestApp;
let owner: Client;
useTestApp(async (app) => {
  t = app;
  owner = await newClient(t, { firstName: 'Wanjiru', lastName: 'Mwangi' });
});

const farm = { name: 'Mlima Farm', totalSize: 3, owner: 'Wanjiru' };

it('stores a county and a place, and the place is optional', async () => {
  const both = await owner.post<Farm>('/v1/farms', { ...farm, county: 'Nakuru', location: 'Njoro, near the market' });
  expect(both).toMatchObject({ status: 201, body: { county: 'Nakuru', location: 'Njoro, near the market' } });
  const countyOnly = await owner.post<Farm>('/v1/farms', { ...farm, county: 'Homa Bay' });
  expect(countyOnly).toMatchObject({ status: 201, body: { county: 'Homa Bay', location: '' } });
  expect((await owner.get<Farm>(`/v1/farms/${countyOnly.body.id}`)).body.county).toBe('Homa Bay');

  const moved = await owner.patch<Farm>(`/v1/farms/${both.body.id}`, { county: 'Kericho', location: 'Litein' });
  expect(moved).toMatchObject({ status: 200, body: { county: 'Kericho', location: 'Litein' } });
});

it.each([
  [{ ...farm, county: 'Nakuru County' }, "county: must be one of Kenya's 47 counties"],
  [{ ...farm, county: 'Atlantis', location: 'Nakuru' }, "county: must be one of Kenya's 47 counties"],
  [{ ...farm, county: 12 }, 'county: must be text'],
  [{ ...farm }, 'county: is required'],
  [{ ...farm, county: 'Nakuru', location: 'x'.repeat(201) }, 'location: must be at most 200 characters'],
])('refuses a bad location %j', async (payload, message) => {
  expect(await owner.post('/v1/farms', payload)).toMatchObject({ status: 400, message });
});

it('refuses a county outside the 47 on update', async () => {
  const { body } = await owner.post<Farm>('/v1/farms', { ...farm, county: 'Meru' });
  expect(await owner.patch(`/v1/farms/${body.id}`, { county: 'Kampala' })).toMatchObject({
    status: 400,
    message: "county: must be one of Kenya's 47 counties",
  });
  expect(KENYA_COUNTIES).toHaveLength(47);
});

it('reads the county from an older client that sends only the location text', async () => {
  const named = await owner.post<Farm>('/v1/farms', { ...farm, location: 'Near Molo, Nakuru' });
  expect(named.body).toMatchObject({ county: 'Nakuru', location: 'Near Molo, Nakuru' });
  const unnamed = await owner.post<Farm>('/v1/farms', { ...farm, location: 'Behind the chief’s camp' });
  expect(unnamed.body).toMatchObject({ county: null, location: 'Behind the chief’s camp' });
});

it('finds a farm by its county in the list search', async () => {
  const lister = await newClient(t);
  await lister.post('/v1/farms', { ...farm, name: 'Chai Hill', county: 'Nyamira', location: 'Keroka' });
  await lister.post('/v1/farms', { ...farm, name: 'Pwani Palms', county: 'Kilifi', location: 'Malindi' });
  const found = await lister.get<Page<Farm>>('/v1/farms?search=nyamira');
  expect(found.body.items.map((f) => f.name)).toEqual(['Chai Hill']);
});

it('migration 024 backfills old rows whose text names a county and keeps the text as the place', async () => {
  const reader = await newClient(t);
  const made = await Promise.all(
    ['Near Molo, Nakuru', 'Taita-Taveta hills', 'Somewhere quiet', 'Homa Bay town'].map(
      async (location) => (await reader.post<Farm>('/v1/farms', { ...farm, name: location, location })).body.id,
    ),
  );
  // As before 024: no county column, then the migration again over those rows.
  const raw = t.db as unknown as Kysely<unknown>;
  await m024.down(raw);
  await m024.up(raw);
  const rows = await Promise.all(made.map(async (id) => (await reader.get<Farm>(`/v1/farms/${id}`)).body));
  expect(rows.map((f) => [f.location, f.county])).toEqual([
    ['Near Molo, Nakuru', 'Nakuru'],
    ['Taita-Taveta hills', 'Taita-Taveta'],
    ['Somewhere quiet', null],
    ['Homa Bay town', 'Homa Bay'],
  ]);
});
