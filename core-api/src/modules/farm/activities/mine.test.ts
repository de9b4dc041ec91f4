import type { Activity, MyActivities } from '@shambasoko/contracts';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { type Client, addMember, buildFarm, newClient } from '../test-helpers';
import { todayInNairobi } from '@shambasoko/contracts/time';

let t: TestApp;
let owner: Client;
useTestApp(async (app) => {
  t = app;
  owner = await newClient(t, { firstName: 'Wairimu', lastName: 'Njeri' });
});

type Notifications = { items: Array<{ type: string; title: string; body: string }> };

const DAY = 86_400_000;
const dayFrom = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

describe("Nairobi's date", () => {
  it('turns at 21:00 UTC, not at midnight UTC', () => {
    expect(todayInNairobi(new Date('2026-03-01T20:59:59Z'))).toBe('2026-03-01');
    expect(todayInNairobi(new Date('2026-03-01T21:00:00Z'))).toBe('2026-03-02');
    expect(todayInNairobi(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('GET /v1/activities/mine', () => {
  it("lists the caller's open activities due today and overdue, in farms they belong to, one-tap status within role rights", async () => {
    const { farm, field } = await buildFarm(owner, 'Mine Farm');
    const worker = await newClient(t, { firstName: 'Kevin', lastName: 'Mwangi' });
    const membership = await addMember(owner, farm.id, worker, 'Field Worker');
    const today = todayInNairobi();
    const log = async (name: string, dueDate: string | null, userId: string | null = worker.user.id, status = 'Pending') =>
      (await owner.post<Activity>('/v1/activities', { farmId: farm.id, fieldId: field.id, name, userId, dueDate, status })).body;
    const dueToday = await log('Weeding', today);
    const late = await log('Pest Control', dayFrom(today, -3), worker.user.id, 'In Progress');
    await log('Harvesting', dayFrom(today, 1));
    await log('Irrigation', null);
    await log('Maintenance', today, owner.user.id);
    await log('Fertilizing', dayFrom(today, -1), worker.user.id, 'Completed');

    const mine = await worker.get<MyActivities>('/v1/activities/mine');
    expect(mine.status).toBe(200);
    expect(mine.body.today).toBe(today);
    expect(mine.body.dueToday.map((a) => a.id)).toEqual([dueToday.id]);
    expect(mine.body.dueToday[0]).toMatchObject({ name: 'Weeding', userName: 'Kevin Mwangi', dueDate: today, fieldName: 'Block 1' });
    expect(mine.body.overdue.map((a) => a.id)).toEqual([late.id]);
    expect((await owner.get<MyActivities>('/v1/activities/mine')).body.dueToday.map((a) => a.name)).toEqual(['Maintenance']);

    // One tap done, Undo restores the previous status, done again: it leaves the lists.
    expect(await worker.patch(`/v1/activities/${dueToday.id}`, { status: 'Completed' })).toMatchObject({ status: 200 });
    expect((await worker.get<MyActivities>('/v1/activities/mine')).body.dueToday).toEqual([]);
    expect(await worker.patch(`/v1/activities/${dueToday.id}`, { status: 'Pending' })).toMatchObject({ status: 200 });
    expect((await worker.get<MyActivities>('/v1/activities/mine')).body.dueToday.map((a) => a.id)).toEqual([dueToday.id]);

    // A Viewer may not change a status; a stranger cannot see the activity at all.
    const viewer = await newClient(t);
    await addMember(owner, farm.id, viewer, 'Viewer');
    expect(await viewer.patch(`/v1/activities/${dueToday.id}`, { status: 'Completed' })).toMatchObject({ status: 403 });
    const stranger = await newClient(t);
    expect((await stranger.patch(`/v1/activities/${dueToday.id}`, { status: 'Completed' })).status).toBe(404);
    expect(await stranger.get<MyActivities>('/v1/activities/mine')).toMatchObject({ status: 200, body: { dueToday: [], overdue: [] } });

    // A member who left the farm no longer has its tasks.
    await owner.patch(`/v1/farm-users/${membership.id}`, { status: 'inactive' });
    expect((await worker.get<MyActivities>('/v1/activities/mine')).body).toMatchObject({ dueToday: [], overdue: [] });
  });

  it('tells the assignee when someone else assigns or reassigns, not when they assign themselves', async () => {
    const { farm, field } = await buildFarm(owner);
    const worker = await newClient(t);
    await addMember(owner, farm.id, worker, 'Field Supervisor');
    const inbox = async (c: Client) =>
      (await c.get<Notifications>('/v1/notifications')).body.items.filter((n) => n.type === 'activity_assigned');

    const own = await worker.post<Activity>('/v1/activities', {
      farmId: farm.id,
      fieldId: field.id,
      name: 'Weeding',
      userId: worker.user.id,
    });
    expect(own.status).toBe(201);
    expect(await inbox(worker)).toEqual([]);

    const given = await owner.post<Activity>('/v1/activities', {
      farmId: farm.id,
      fieldId: field.id,
      name: 'Planting',
      dueDate: '2026-12-01',
    });
    await owner.patch(`/v1/activities/${given.body.id}`, { userId: worker.user.id });
    expect(await inbox(worker)).toEqual([expect.objectContaining({ type: 'activity_assigned', title: 'New activity: Planting' })]);
    expect((await inbox(worker))[0]!.body).toContain('due 2026-12-01');
    // Saving again without a change of assignee is not a new assignment.
    await owner.patch(`/v1/activities/${given.body.id}`, { userId: worker.user.id, notes: 'north rows' });
    expect(await inbox(worker)).toHaveLength(1);
  });
});
