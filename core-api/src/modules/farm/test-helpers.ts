import { randomUUID } from 'node:crypto';
import type { Activity, Crop, Farm, FarmRole, FarmUser, Field, Season } from '@shambasoko/contracts';
import type { Envelope } from '../../http/envelope';
import { type TestUser, createTestUser, issueTestToken } from '../../testing/auth';
import type { TestApp } from '../../testing/test-app';

// Shared by the farm API tests: a terse client and a small farm built through the API itself.

export interface Answer<T> {
  status: number;
  body: T;
  message: string;
}

export interface Client {
  user: TestUser;
  get<T = unknown>(url: string): Promise<Answer<T>>;
  post<T = unknown>(url: string, payload?: object): Promise<Answer<T>>;
  patch<T = unknown>(url: string, payload?: object): Promise<Answer<T>>;
  put<T = unknown>(url: string, payload?: object): Promise<Answer<T>>;
  del<T = unknown>(url: string): Promise<Answer<T>>;
}

export function client(t: TestApp, user: TestUser): Client {
  const send = async <T>(method: string, url: string, payload?: object): Promise<Answer<T>> => {
    // Query values such as status=In Progress are written plainly in tests; the socket needs them escaped.
    const res = await t.request({
      method,
      url: url.replaceAll(' ', '%20'),
      headers: user.headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const envelope = res.json<Envelope<T>>();
    return { status: res.statusCode, body: envelope.body, message: envelope.header.customerMessage };
  };
  return {
    user,
    get: (url) => send('GET', url),
    post: (url, payload) => send('POST', url, payload ?? {}),
    patch: (url, payload) => send('PATCH', url, payload ?? {}),
    put: (url, payload) => send('PUT', url, payload ?? {}),
    del: (url) => send('DELETE', url),
  };
}

export async function newClient(t: TestApp, fields: { email?: string; firstName?: string; lastName?: string } = {}): Promise<Client> {
  return client(t, await createTestUser(t.db, t.config.jwtSecret, fields));
}

/** A client signed in as an existing users row (e.g. the seeded demo account). */
export async function clientFor(t: TestApp, email: string): Promise<Client> {
  const row = await t.db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
  const token = await issueTestToken(t.db, t.config.jwtSecret, row.id);
  return client(t, { id: row.id, email: row.email, token, headers: { authorization: `Bearer ${token}` } });
}

export interface FarmFixture {
  farm: Farm;
  field: Field;
  season: Season;
  crop: Crop;
  activity: Activity;
}

/** A farm with one field, season, crop and activity, owned by `owner`. */
export async function buildFarm(owner: Client, name = `Farm ${randomUUID().slice(0, 6)}`): Promise<FarmFixture> {
  const farm = (await owner.post<Farm>('/v1/farms', { name, location: 'Nakuru', totalSize: 40, owner: 'Test Owner' })).body;
  const field = (await owner.post<Field>(`/v1/farms/${farm.id}/fields`, { name: 'Block 1', size: 10, cropType: 'Maize' })).body;
  const season = (
    await owner.post<Season>('/v1/seasons', {
      farmId: farm.id,
      name: 'Short Rains',
      cropType: 'Maize',
      startDate: '2026-10-01',
      endDate: '2027-02-28',
      status: 'active',
    })
  ).body;
  const crop = (
    await owner.post<Crop>('/v1/crops', {
      farmId: farm.id,
      fieldId: field.id,
      seasonId: season.id,
      name: 'Maize',
      area: 10,
      plantedDate: '2026-10-05',
      expectedHarvest: '2027-02-20',
    })
  ).body;
  const activity = (
    await owner.post<Activity>('/v1/activities', {
      farmId: farm.id,
      fieldId: field.id,
      seasonId: season.id,
      cropId: crop.id,
      name: 'Planting',
    })
  ).body;
  return { farm, field, season, crop, activity };
}

/** Adds `member` to the farm with a role and returns the membership. */
export async function addMember(owner: Client, farmId: string, member: Client, role: FarmRole): Promise<FarmUser> {
  const res = await owner.post<FarmUser>(`/v1/farms/${farmId}/users`, {
    name: `Member ${role}`,
    email: member.user.email,
    phone: '+254 700 000 000',
    role,
  });
  if (res.status !== 201) throw new Error(`adding ${role} failed: ${res.status} ${res.message}`);
  return res.body;
}
