import { randomUUID } from 'node:crypto';
import type { FarmRole, FarmUser } from '@shambasoko/contracts';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { FARM_ROLES } from '@shambasoko/contracts';
import type { Page } from './common/list';
import { type Client, type FarmFixture, addMember, buildFarm, newClient } from './test-helpers';

// Issue 12 item 8: a Farm Manager is changed only by the Owner, a member's name and phone only by
// themself, and Viewers and Field Workers see names and roles but not e-mails and phones.

let t: TestApp;
let owner: Client;
let fx: FarmFixture;
const clients = new Map<FarmRole, Client>();
const memberships = new Map<FarmRole, FarmUser>();
let secondManager: Client;
let secondManagerRow: FarmUser;
let invitation: FarmUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await newClient(t, { firstName: 'Rights', lastName: 'Owner' });
  fx = await buildFarm(owner, 'Rights Farm');
  clients.set('Owner', owner);
  for (const role of FARM_ROLES) {
    if (role === 'Owner') continue;
    const member = await newClient(t, { firstName: role.replace(' ', ''), lastName: 'Member' });
    memberships.set(role, await addMember(owner, fx.farm.id, member, role));
    clients.set(role, member);
  }
  secondManager = await newClient(t, { firstName: 'Second', lastName: 'Manager' });
  secondManagerRow = await addMember(owner, fx.farm.id, secondManager, 'Farm Manager');
  invitation = (
    await owner.post<FarmUser>(`/v1/farms/${fx.farm.id}/users`, {
      name: 'Pending Person',
      email: `pending-${randomUUID()}@example.co.ke`,
      phone: '0799 123 456',
      role: 'Viewer',
    })
  ).body;
}, 60_000);
afterAll(async () => t?.close());

const manager = () => clients.get('Farm Manager')!;
const ownerRow = async () => (await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${fx.farm.id}&role=Owner`)).body.items[0]!;

describe('only the Owner changes or removes a Farm Manager', () => {
  it('a Farm Manager cannot demote, deactivate or remove another Farm Manager', async () => {
    expect(await manager().patch(`/v1/farm-users/${secondManagerRow.id}`, { role: 'Viewer' })).toMatchObject({ status: 403 });
    expect(await manager().patch(`/v1/farm-users/${secondManagerRow.id}`, { status: 'inactive' })).toMatchObject({ status: 403 });
    expect(await manager().del(`/v1/farm-users/${secondManagerRow.id}`)).toMatchObject({ status: 403 });
    expect((await owner.get<FarmUser>(`/v1/farm-users/${secondManagerRow.id}`)).body).toMatchObject({
      role: 'Farm Manager',
      status: 'active',
    });
  });

  it('a Farm Manager cannot change their own role either', async () => {
    const own = memberships.get('Farm Manager')!;
    expect(await manager().patch(`/v1/farm-users/${own.id}`, { role: 'Viewer' })).toMatchObject({ status: 403 });
  });

  it('a Farm Manager cannot make anyone a Farm Manager, by adding or by promoting', async () => {
    const added = await manager().post(`/v1/farms/${fx.farm.id}/users`, {
      name: 'New Boss',
      email: `boss-${randomUUID()}@example.co.ke`,
      phone: '0700 000 001',
      role: 'Farm Manager',
    });
    expect(added.status).toBe(403);
    expect(await manager().patch(`/v1/farm-users/${memberships.get('Viewer')!.id}`, { role: 'Farm Manager' })).toMatchObject({
      status: 403,
    });
  });

  it('a Farm Manager still changes roles below theirs', async () => {
    const worker = memberships.get('Field Worker')!;
    expect(await manager().patch(`/v1/farm-users/${worker.id}`, { role: 'Field Supervisor' })).toMatchObject({
      status: 200,
      body: { role: 'Field Supervisor' },
    });
    expect(await manager().patch(`/v1/farm-users/${worker.id}`, { role: 'Field Worker' })).toMatchObject({
      status: 200,
      body: { role: 'Field Worker' },
    });
  });

  it('the Owner demotes and removes a Farm Manager', async () => {
    const extra = await newClient(t);
    const row = await addMember(owner, fx.farm.id, extra, 'Farm Manager');
    expect(await owner.patch(`/v1/farm-users/${row.id}`, { role: 'Accountant' })).toMatchObject({
      status: 200,
      body: { role: 'Accountant' },
    });
    expect(await owner.patch(`/v1/farm-users/${row.id}`, { role: 'Farm Manager' })).toMatchObject({
      status: 200,
      body: { role: 'Farm Manager' },
    });
    expect(await owner.del(`/v1/farm-users/${row.id}`)).toMatchObject({ status: 200 });
  });
});

describe('name and phone are changed only by the person', () => {
  it("a Farm Manager cannot edit the Owner's name or phone", async () => {
    const row = await ownerRow();
    expect(await manager().patch(`/v1/farm-users/${row.id}`, { name: 'Someone Else' })).toMatchObject({ status: 403 });
    expect(await manager().patch(`/v1/farm-users/${row.id}`, { phone: '0700 666 666' })).toMatchObject({ status: 403 });
    expect((await owner.get<FarmUser>(`/v1/farm-users/${row.id}`)).body).toMatchObject({ name: row.name, phone: row.phone });
  });

  it("neither the Owner nor a manager edits another member's contact details, but the role change beside them is allowed alone", async () => {
    const worker = memberships.get('Field Worker')!;
    expect(await owner.patch(`/v1/farm-users/${worker.id}`, { name: 'Renamed', role: 'Viewer' })).toMatchObject({ status: 403 });
    expect(await manager().patch(`/v1/farm-users/${worker.id}`, { phone: '0700 555 555' })).toMatchObject({ status: 403 });
    // The edit form sends the unchanged name and phone with a role change: that is fine.
    expect(await manager().patch(`/v1/farm-users/${worker.id}`, { name: worker.name, phone: worker.phone, role: 'Viewer' })).toMatchObject({
      status: 200,
    });
    expect(await manager().patch(`/v1/farm-users/${worker.id}`, { role: 'Field Worker' })).toMatchObject({ status: 200 });
  });

  it('any member edits their own name and phone, whatever their role', async () => {
    const viewer = clients.get('Viewer')!;
    const own = memberships.get('Viewer')!;
    expect(await viewer.patch(`/v1/farm-users/${own.id}`, { name: 'Viewer Renamed', phone: '0711 222 333' })).toMatchObject({
      status: 200,
      body: { name: 'Viewer Renamed', phone: '0711 222 333' },
    });
    // ...but not their own role or scope.
    expect(await viewer.patch(`/v1/farm-users/${own.id}`, { role: 'Accountant' })).toMatchObject({ status: 403 });
    const ownerSelf = await ownerRow();
    expect(await owner.patch(`/v1/farm-users/${ownerSelf.id}`, { phone: '0722 000 111' })).toMatchObject({
      status: 200,
      body: { phone: '0722 000 111' },
    });
  });

  it("a pending invitation's details, typed by the inviter, can still be corrected by a manager", async () => {
    expect(await manager().patch(`/v1/farm-users/${invitation.id}`, { name: 'Pending Corrected' })).toMatchObject({
      status: 200,
      body: { name: 'Pending Corrected' },
    });
  });
});

describe("contact details are shown by the caller's role on that farm", () => {
  const list = async (c: Client, extra = '') =>
    (await c.get<Page<FarmUser>>(`/v1/farm-users?farmId=${fx.farm.id}&pageSize=100${extra}`)).body.items;

  it.each(['Viewer', 'Field Worker'] as const)(
    'a %s sees names and roles of others, no e-mails or phones (invitations included), but their own',
    async (role) => {
      const c = clients.get(role)!;
      const items = await list(c);
      expect(items.length).toBeGreaterThan(5);
      for (const u of items) {
        expect(u.name).not.toBe('');
        expect(u.role).toBeTruthy();
        if (u.userId === c.user.id) {
          expect(u.email).toBe(c.user.email);
        } else {
          expect({ name: u.name, email: u.email, phone: u.phone }).toEqual({ name: u.name, email: '', phone: '' });
        }
      }
      expect(items.find((u) => u.id === invitation.id)).toMatchObject({ status: 'invited', email: '' });
      const one = (await c.get<FarmUser>(`/v1/farm-users/${secondManagerRow.id}`)).body;
      expect(one).toMatchObject({ name: secondManagerRow.name, email: '', phone: '' });
      // Searching by an e-mail or phone they cannot see finds nothing.
      expect(await list(c, `&search=${encodeURIComponent(secondManager.user.email)}`)).toEqual([]);
      expect(await list(c, `&search=${encodeURIComponent(invitation.email)}`)).toEqual([]);
      expect(await list(c, '&search=0799')).toEqual([]);
    },
  );

  it.each(['Owner', 'Farm Manager', 'Field Supervisor', 'Accountant'] as const)('a(n) %s sees every e-mail and phone', async (role) => {
    const items = await list(clients.get(role)!);
    expect(items.find((u) => u.id === secondManagerRow.id)).toMatchObject({ email: secondManager.user.email });
    expect(items.find((u) => u.id === invitation.id)).toMatchObject({ email: invitation.email, phone: '0799 123 456' });
    expect(await list(clients.get(role)!, `&search=${encodeURIComponent(invitation.email)}`)).toHaveLength(1);
  });

  it('the same caller sees contacts on a farm where they manage and not where they only view', async () => {
    const viewer = clients.get('Viewer')!;
    const own = await buildFarm(viewer, 'Viewer Own Farm');
    const helper = await newClient(t);
    await addMember(viewer, own.farm.id, helper, 'Field Worker');
    const everywhere = (await viewer.get<Page<FarmUser>>('/v1/farm-users?pageSize=100')).body.items;
    expect(everywhere.find((u) => u.userId === helper.user.id)).toMatchObject({ email: helper.user.email });
    expect(everywhere.find((u) => u.userId === secondManager.user.id)).toMatchObject({ email: '' });
  });
});
