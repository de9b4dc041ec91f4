import type { FarmPerson } from '@shambasoko/contracts';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { Page } from './common/list';
import { type Client, addMember, buildFarm, newClient } from './test-helpers';

// GET /v1/farm-users/people: the Users page shows each person once, with their farms and a role on each.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => t?.close());

const people = async (who: Client, query = '') => who.get<Page<FarmPerson>>(`/v1/farm-users/people${query}`);
const summary = (p: FarmPerson) => `${p.name}: ${p.memberships.map((m) => `${m.farmName} (${m.role})`).join(', ')}`;

describe('GET /v1/farm-users/people', () => {
  it('lists each person once with every farm and role, pages by person and keeps to the filters', async () => {
    const owner = await newClient(t, { firstName: 'Akinyi', lastName: 'Odhiambo' });
    const worker = await newClient(t, { firstName: 'Brian', lastName: 'Kiprop' });
    const a = await buildFarm(owner, 'Alpha Farm');
    const b = await buildFarm(owner, 'Beta Farm');
    await addMember(owner, b.farm.id, worker, 'Field Worker');
    await addMember(owner, a.farm.id, worker, 'Viewer');
    const invited = `chebet-${Date.now()}@example.co.ke`;
    await owner.post(`/v1/farms/${a.farm.id}/users`, { name: 'Chebet Invited', email: invited, phone: '0711 000 111', role: 'Accountant' });

    const all = await people(owner);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    // By name; a member's name is what the inviter typed (addMember names one by role).
    expect(all.body.items.map(summary)).toEqual([
      'Akinyi Odhiambo: Alpha Farm (Owner), Beta Farm (Owner)',
      'Chebet Invited: Alpha Farm (Accountant)',
      'Member Viewer: Alpha Farm (Viewer), Beta Farm (Field Worker)',
    ]);
    expect(all.body.items.find((p) => p.userId === worker.user.id)?.id).toBe(worker.user.id);

    const paged = await people(owner, '?pageSize=1&page=2');
    expect(paged.body).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(paged.body.items).toHaveLength(1);
    expect((await people(owner, '?pageSize=1&page=9')).body).toMatchObject({ total: 3, items: [] });

    const onAlpha = await people(owner, `?farmId=${a.farm.id}&role=Viewer`);
    expect(onAlpha.body.items.map(summary)).toEqual(['Member Viewer: Alpha Farm (Viewer)']);
    expect((await people(owner, '?search=chebet')).body.items.map((p) => p.phone)).toEqual(['0711 000 111']);
  });

  it("hides contacts from a Viewer, names no invited e-mail in a key, and refuses another tenant's farm", async () => {
    const owner = await newClient(t);
    const viewer = await newClient(t);
    const stranger = await newClient(t);
    const farm = await buildFarm(owner, 'Gamma Farm');
    const theirs = await buildFarm(stranger, 'Stranger Farm');
    await addMember(owner, farm.farm.id, viewer, 'Viewer');
    const invited = `secret-${Date.now()}@example.co.ke`;
    await owner.post(`/v1/farms/${farm.farm.id}/users`, { name: 'Someone Invited', email: invited, phone: '0722 333 444', role: 'Viewer' });

    const seen = await people(viewer, `?farmId=${farm.farm.id}`);
    expect(seen.status).toBe(200);
    const others = seen.body.items.filter((p) => p.userId !== viewer.user.id);
    expect(others.map((p) => [p.email, p.phone])).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect(JSON.stringify(seen.body)).not.toContain(invited);
    const other = await people(owner, `?farmId=${theirs.farm.id}`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('Stranger');
    expect((await people(stranger)).body.items.map((p) => p.userId)).toEqual([stranger.user.id]);
  });
});
