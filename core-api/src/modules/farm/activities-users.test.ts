import type { Activity, FarmUser } from '@shambasoko/contracts';
import { createTestUser } from '../../testing/auth';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { claimInvitations } from './members/invitations';
import type { Page } from './common/list';
import { type Client, addMember, buildFarm, client, newClient } from './test-helpers';

let t: TestApp;
let owner: Client;
useTestApp(async (app) => {
  t = app;
  owner = await newClient(t, { firstName: 'Wairimu', lastName: 'Njeri' });
});

type Notifications = { items: Array<{ type: string; title: string; link: string | null }>; unread: number };

describe('activities', () => {
  it('logs, lists, updates and deletes activities, and tells the assignee', async () => {
    const { farm, field, season, crop, activity } = await buildFarm(owner, 'Activity Farm');
    expect(activity).toMatchObject({
      name: 'Planting',
      farmId: farm.id,
      farmName: 'Activity Farm',
      fieldId: field.id,
      fieldName: 'Block 1',
      seasonId: season.id,
      seasonName: 'Short Rains',
      cropId: crop.id,
      cropName: 'Maize',
      userId: null,
      userName: null,
      status: 'Pending',
      dueDate: null,
      notes: '',
    });
    const worker = await newClient(t, { firstName: 'Kevin', lastName: 'Mwangi' });
    await addMember(owner, farm.id, worker, 'Field Worker');

    const created = await owner.post<Activity>('/v1/activities', {
      farmId: farm.id,
      fieldId: field.id,
      name: 'Weeding',
      userId: worker.user.id,
      dueDate: '2026-12-01',
      notes: 'Rows 1-20',
    });
    expect(created).toMatchObject({
      status: 201,
      message: 'Activity added',
      body: { userId: worker.user.id, userName: 'Kevin Mwangi', dueDate: '2026-12-01', seasonId: null, cropId: null },
    });
    const inbox = (await worker.get<Notifications>('/v1/notifications')).body;
    expect(inbox.items).toContainEqual(
      expect.objectContaining({ type: 'activity_assigned', title: 'New activity: Weeding', link: '/activities' }),
    );

    const list = (await owner.get<Page<Activity>>(`/v1/activities?farmId=${farm.id}`)).body;
    expect(list.items.map((a) => a.name)).toEqual(['Weeding', 'Planting']);
    expect((await owner.get<Page<Activity>>(`/v1/activities?userId=${worker.user.id}`)).body.items.map((a) => a.name)).toEqual(['Weeding']);
    expect((await owner.get<Page<Activity>>(`/v1/activities?cropId=${crop.id}`)).body.items.map((a) => a.name)).toEqual(['Planting']);
    expect((await owner.get<Page<Activity>>(`/v1/activities?farmId=${farm.id}&search=rows`)).body.total).toBe(1);
    expect((await owner.get<Page<Activity>>(`/v1/activities?farmId=${farm.id}&search=activity farm`)).body.total).toBe(2);
    expect((await owner.get<Page<Activity>>(`/v1/activities?farmId=${farm.id}&search=block`)).body.total).toBe(2);

    // A Field Worker may change the status, even when the client sends the whole activity back.
    const id = created.body.id;
    const moved = await worker.patch<Activity>(`/v1/activities/${id}`, { ...created.body, status: 'In Progress' });
    expect(moved).toMatchObject({ status: 200, body: { status: 'In Progress' } });
    expect((await owner.get<Page<Activity>>(`/v1/activities?farmId=${farm.id}&status=In Progress`)).body.items.map((a) => a.id)).toEqual([
      id,
    ]);
    expect(await worker.patch(`/v1/activities/${id}`, { notes: 'changed' })).toMatchObject({
      status: 403,
      message: 'As a Field Worker on this farm you cannot manage activities.',
    });

    // Re-assigning notifies the new assignee.
    const supervisor = await newClient(t);
    await addMember(owner, farm.id, supervisor, 'Field Supervisor');
    const reassigned = await owner.patch<Activity>(`/v1/activities/${id}`, { userId: supervisor.user.id, seasonId: season.id });
    expect(reassigned.body).toMatchObject({ userId: supervisor.user.id, seasonId: season.id });
    expect((await supervisor.get<Notifications>('/v1/notifications')).body.items[0]).toMatchObject({ type: 'activity_assigned' });

    expect((await owner.get<Activity>(`/v1/activities/${id}`)).body.status).toBe('In Progress');
    expect(await owner.del(`/v1/activities/${id}`)).toMatchObject({ status: 200, message: 'Activity deleted' });
    expect((await owner.get(`/v1/activities/${id}`)).status).toBe(404);
  });

  it("commits an edit on its own, and a new assignee's notice together with the change", async () => {
    const { farm, activity } = await buildFarm(owner, 'Edit Farm');
    const worker = await newClient(t);
    await addMember(owner, farm.id, worker, 'Field Worker');
    // In a transaction an edit held the row's lock until its commit's round trip: edits of one
    // activity queued behind each other.
    const transactions = jest.spyOn(t.db, 'transaction');
    try {
      expect(await owner.patch<Activity>(`/v1/activities/${activity.id}`, { notes: 'Rows 1-4' })).toMatchObject({
        body: { notes: 'Rows 1-4' },
      });
      expect(transactions).not.toHaveBeenCalled();
      const assigned = await owner.patch<Activity>(`/v1/activities/${activity.id}`, { userId: worker.user.id, notes: 'Rows 5-9' });
      expect(assigned.body).toMatchObject({ userId: worker.user.id, notes: 'Rows 5-9' });
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
    expect((await worker.get<Notifications>('/v1/notifications')).body.items[0]).toMatchObject({ type: 'activity_assigned' });
  });

  it('searches name and notes case-insensitively, never across the two', async () => {
    const { farm, field } = await buildFarm(owner, 'Search Farm');
    await owner.post<Activity>('/v1/activities', { farmId: farm.id, fieldId: field.id, name: 'Weeding', notes: 'Rows 1-20, 50% done' });
    const names = async (search: string) =>
      (await owner.get<Page<Activity>>(`/v1/activities?farmId=${farm.id}&search=${encodeURIComponent(search)}`)).body.items.map(
        (a) => a.name,
      );
    expect(await names('WEEDING')).toEqual(['Weeding']);
    expect(await names('rOWS 1')).toEqual(['Weeding']);
    expect(await names('50% DONE')).toEqual(['Weeding']);
    expect(await names('10%')).toEqual([]);
    // The end of the name and the start of the notes are never one text.
    expect(await names('weeding rows')).toEqual([]);
    expect(await names('ng\nro')).toEqual([]);
    // Field and farm names still match.
    expect(await names('SEARCH FARM')).toEqual(['Weeding', 'Planting']);
    expect(await names('block 1')).toEqual(['Weeding', 'Planting']);
  });

  it('refuses bad activities', async () => {
    const mine = await buildFarm(owner);
    const other = await buildFarm(owner);
    const stranger = await newClient(t);
    const base = { farmId: mine.farm.id, fieldId: mine.field.id, name: 'Irrigation' };
    expect(await owner.post('/v1/activities', { ...base, fieldId: other.field.id })).toMatchObject({
      status: 400,
      message: 'The field does not belong to this farm',
    });
    expect(await owner.post('/v1/activities', { ...base, cropId: other.crop.id })).toMatchObject({
      status: 400,
      message: 'The crop does not belong to this farm',
    });
    expect(await owner.post('/v1/activities', { ...base, status: 'Done' })).toMatchObject({
      status: 400,
      message: 'status: must be one of: Pending, In Progress, Completed',
    });
    expect((await owner.post('/v1/activities', { ...base, name: 'Dancing' })).message).toMatch(/^name: must be one of: Land Preparation, /);
    expect(await owner.post('/v1/activities', { ...base, userId: stranger.user.id })).toMatchObject({
      status: 400,
      message: 'The assignee is not a user of this farm',
    });
    expect(await owner.post('/v1/activities', { farmId: mine.farm.id, name: 'Weeding' })).toMatchObject({
      status: 400,
      message: 'fieldId: is required',
    });
    expect((await owner.get<Page<Activity>>(`/v1/activities?farmId=${mine.farm.id}`)).body.total).toBe(1);
  });
});

describe('farm users', () => {
  it('links an existing account by e-mail and tells them', async () => {
    const { farm } = await buildFarm(owner, 'Team Farm');
    const colleague = await newClient(t, { email: 'Colleague.One@Example.co.ke' });
    const added = await owner.post<FarmUser>(`/v1/farms/${farm.id}/users`, {
      name: 'Colleague One',
      email: 'COLLEAGUE.ONE@example.co.ke',
      phone: '+254 711 222 333',
      role: 'Accountant',
    });
    expect(added).toMatchObject({
      status: 201,
      message: 'User added',
      body: {
        farmId: farm.id,
        farmName: 'Team Farm',
        userId: colleague.user.id,
        email: 'colleague.one@example.co.ke',
        role: 'Accountant',
        status: 'active',
      },
    });
    expect(added.body.addedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const inbox = (await colleague.get<Notifications>('/v1/notifications')).body;
    expect(inbox.items).toContainEqual({
      ...inbox.items[0],
      type: 'farm_member_added',
      title: 'You were added to Team Farm',
      link: `/farms/${farm.id}`,
    });
    expect((await colleague.get(`/v1/farms/${farm.id}`)).body).toMatchObject({ myRole: 'Accountant' });

    expect(
      await owner.post(`/v1/farms/${farm.id}/users`, { name: 'Again', email: colleague.user.email, phone: '0700', role: 'Viewer' }),
    ).toMatchObject({
      status: 409,
      message: 'This person is already a user of this farm',
    });
  });

  it('records an invitation that becomes a membership when the e-mail signs up', async () => {
    const { farm } = await buildFarm(owner, 'Invite Farm');
    const invited = await owner.post<FarmUser>(`/v1/farms/${farm.id}/users`, {
      name: 'Future Person',
      email: 'future.person@example.co.ke',
      phone: '+254 700 111 222',
      role: 'Viewer',
    });
    expect(invited).toMatchObject({
      status: 201,
      message: 'Invitation recorded for future.person@example.co.ke',
      body: { userId: null, status: 'invited' },
    });
    expect(await owner.patch(`/v1/farm-users/${invited.body.id}`, { status: 'inactive' })).toMatchObject({ status: 400 });

    const signedUp = client(t, await createTestUser(t.db, t.config.jwtSecret, { email: 'future.person@example.co.ke' }));
    expect((await signedUp.get(`/v1/farms/${farm.id}`)).status).toBe(404);
    expect(await claimInvitations(t.db, signedUp.user.id, 'Future.Person@example.co.ke')).toEqual([farm.id]);
    expect(await claimInvitations(t.db, signedUp.user.id, 'future.person@example.co.ke')).toEqual([]);
    expect((await signedUp.get(`/v1/farms/${farm.id}`)).body).toMatchObject({ myRole: 'Viewer' });
    const member = (await owner.get<FarmUser>(`/v1/farm-users/${invited.body.id}`)).body;
    expect(member).toMatchObject({ userId: signedUp.user.id, status: 'active' });
    expect((await signedUp.get<Notifications>('/v1/notifications')).body.items[0]).toMatchObject({
      type: 'farm_member_added',
      link: `/farms/${farm.id}`,
    });
  });

  it('does not link an account whose e-mail is not verified: records an invitation, claimed once verified', async () => {
    const { farm } = await buildFarm(owner, 'Unverified Farm');
    // Anyone can open an e-mail/password account for someone else's address; until it is verified
    // the account must not receive memberships sent to that address.
    const unverified = client(
      t,
      await createTestUser(t.db, t.config.jwtSecret, { email: 'not.yet.verified@example.co.ke', emailVerified: false }),
    );
    const added = await owner.post<FarmUser>(`/v1/farms/${farm.id}/users`, {
      name: 'Not Yet',
      email: 'not.yet.verified@example.co.ke',
      phone: '+254 700 333 444',
      role: 'Field Worker',
    });
    expect(added).toMatchObject({
      status: 201,
      message: 'Invitation recorded for not.yet.verified@example.co.ke',
      body: { userId: null, status: 'invited' },
    });
    expect((await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${farm.id}&search=not.yet`)).body.items).toMatchObject([
      { status: 'invited', userId: null },
    ]);
    expect(
      await owner.post(`/v1/farms/${farm.id}/users`, {
        name: 'Again',
        email: 'not.yet.verified@example.co.ke',
        phone: '0700',
        role: 'Viewer',
      }),
    ).toMatchObject({ status: 409 });
    expect((await unverified.get(`/v1/farms/${farm.id}`)).status).toBe(404);
    expect((await unverified.get<Notifications>('/v1/notifications')).body.items).toEqual([]);
    expect(await claimInvitations(t.db, unverified.user.id, 'not.yet.verified@example.co.ke')).toEqual([]);

    // A sign-in with a verified token stores email_verified; then the invitation is claimed.
    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', unverified.user.id).execute();
    expect(await claimInvitations(t.db, unverified.user.id, 'not.yet.verified@example.co.ke')).toEqual([farm.id]);
    expect((await unverified.get(`/v1/farms/${farm.id}`)).body).toMatchObject({ myRole: 'Field Worker' });
    expect((await owner.get<FarmUser>(`/v1/farm-users/${added.body.id}`)).body).toMatchObject({
      userId: unverified.user.id,
      status: 'active',
    });
  });

  it("claims only for the user's own verified address", async () => {
    const { farm } = await buildFarm(owner, 'Other Address Farm');
    await owner.post(`/v1/farms/${farm.id}/users`, { name: 'Someone', email: 'someone.else@example.co.ke', phone: '0700', role: 'Viewer' });
    const other = await createTestUser(t.db, t.config.jwtSecret);
    expect(await claimInvitations(t.db, other.id, 'someone.else@example.co.ke')).toEqual([]);
  });

  it('lists with cascading filters and search over name, e-mail and phone; updates and removes', async () => {
    const { farm, field, season, crop } = await buildFarm(owner, 'Users Farm');
    const a = await owner.post<FarmUser>(`/v1/farms/${farm.id}/users`, {
      name: 'Achieng Atieno',
      email: 'achieng@example.co.ke',
      phone: '+254 722 000 001',
      role: 'Field Worker',
      fieldId: field.id,
      seasonId: season.id,
      cropId: crop.id,
    });
    expect(a.body).toMatchObject({ fieldId: field.id, fieldName: 'Block 1', seasonName: 'Short Rains', cropName: 'Maize' });
    await owner.post(`/v1/farms/${farm.id}/users`, {
      name: 'Brian Kip',
      email: 'brian@example.co.ke',
      phone: '+254 733 999 999',
      role: 'Viewer',
    });

    const all = (await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${farm.id}`)).body;
    expect(all.items.map((u) => u.role)).toEqual(['Owner', 'Field Worker', 'Viewer']);
    expect((await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${farm.id}&fieldId=${field.id}`)).body.items.map((u) => u.name)).toEqual(
      ['Achieng Atieno'],
    );
    expect((await owner.get<Page<FarmUser>>(`/v1/farm-users?cropId=${crop.id}`)).body.total).toBe(1);
    expect((await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${farm.id}&search=BRIAN@`)).body.items.map((u) => u.name)).toEqual([
      'Brian Kip',
    ]);
    expect((await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${farm.id}&search=999 999`)).body.total).toBe(1);
    expect((await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${farm.id}&search=achieng`)).body.total).toBe(1);

    const updated = await owner.patch<FarmUser>(`/v1/farm-users/${a.body.id}`, {
      role: 'Field Supervisor',
      fieldId: null,
      phone: '0722 000 002',
    });
    expect(updated).toMatchObject({
      status: 200,
      message: 'User updated',
      body: { role: 'Field Supervisor', fieldId: null, phone: '0722 000 002' },
    });
    expect(await owner.del(`/v1/farm-users/${a.body.id}`)).toMatchObject({ status: 200, message: 'User removed' });
    expect((await owner.get(`/v1/farm-users/${a.body.id}`)).status).toBe(404);
  });

  it('never removes, demotes or assigns the Owner', async () => {
    const { farm } = await buildFarm(owner);
    const manager = await newClient(t);
    await addMember(owner, farm.id, manager, 'Farm Manager');
    const ownerRow = (await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${farm.id}&role=Owner`)).body.items[0]!;
    expect(await manager.del(`/v1/farm-users/${ownerRow.id}`)).toMatchObject({
      status: 400,
      message: 'The Owner cannot be removed from the farm',
    });
    expect(await owner.del(`/v1/farm-users/${ownerRow.id}`)).toMatchObject({
      status: 400,
      message: 'The Owner cannot be removed from the farm',
    });
    expect(await manager.patch(`/v1/farm-users/${ownerRow.id}`, { role: 'Viewer' })).toMatchObject({
      status: 400,
      message: "The Owner's role cannot be changed",
    });
    expect(await owner.patch(`/v1/farm-users/${ownerRow.id}`, { status: 'inactive' })).toMatchObject({
      status: 400,
      message: 'The Owner cannot be deactivated',
    });
    expect(
      await owner.post(`/v1/farms/${farm.id}/users`, { name: 'Second', email: 'second.owner@example.co.ke', phone: '0700', role: 'Owner' }),
    ).toMatchObject({
      status: 400,
      message: 'The Owner role cannot be assigned. Choose another role.',
    });
    const managerRow = (await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${farm.id}&role=Farm Manager`)).body.items[0]!;
    expect(await owner.patch(`/v1/farm-users/${managerRow.id}`, { role: 'Owner' })).toMatchObject({
      status: 400,
      message: 'The Owner role cannot be assigned. Choose another role.',
    });
    expect((await owner.get<FarmUser>(`/v1/farm-users/${ownerRow.id}`)).body).toMatchObject({ role: 'Owner', status: 'active' });
  });

  it('refuses bad farm users', async () => {
    const { farm } = await buildFarm(owner);
    const other = await buildFarm(owner);
    const base = { name: 'X Y', email: 'xy@example.co.ke', phone: '0700 000 000', role: 'Viewer' };
    expect(await owner.post(`/v1/farms/${farm.id}/users`, { ...base, role: 'Technician' })).toMatchObject({
      status: 400,
      message: 'role: must be one of: Owner, Farm Manager, Field Supervisor, Field Worker, Accountant, Viewer',
    });
    expect(await owner.post(`/v1/farms/${farm.id}/users`, { ...base, email: 'not-an-email' })).toMatchObject({
      status: 400,
      message: 'email: must be a valid e-mail address',
    });
    expect(await owner.post(`/v1/farms/${farm.id}/users`, { ...base, phone: undefined })).toMatchObject({
      status: 400,
      message: 'phone: is required',
    });
    expect(await owner.post(`/v1/farms/${farm.id}/users`, { ...base, fieldId: other.field.id })).toMatchObject({
      status: 400,
      message: 'The field does not belong to this farm',
    });
    expect((await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${farm.id}`)).body.total).toBe(1);
  });

  it('an inactive member loses access', async () => {
    const { farm } = await buildFarm(owner);
    const viewer = await newClient(t);
    const membership = await addMember(owner, farm.id, viewer, 'Viewer');
    expect((await viewer.get(`/v1/farms/${farm.id}`)).status).toBe(200);
    await owner.patch(`/v1/farm-users/${membership.id}`, { status: 'inactive' });
    expect((await viewer.get(`/v1/farms/${farm.id}`)).status).toBe(404);
  });
});
