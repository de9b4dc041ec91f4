import { randomBytes } from 'node:crypto';
import { DEFAULT_PREFERENCES, type Preferences, type SignedInDevices } from '@shambasoko/contracts';
import { issueAccessToken } from '../../auth/tokens';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { type Client, client, newClient } from '../farm/test-helpers';
import { REFRESH_COOKIE } from '../identity/routes';
import { storeRefreshToken } from '../identity/repository';
import { notify } from '../notifications/service';

// Issue 17: Preferences and Security are real. Preferences are stored per user (defaults until the
// first save) and the server honours the in-app notification choices; a person sees their live
// sign-ins and can sign out another one, whose refresh token then stops at once.

let t: TestApp;
useTestApp((app) => (t = app));

const HECTARES: Preferences = {
  language: 'sw',
  areaUnit: 'hectares',
  notifications: { orderUpdates: true, taskAssignments: false, paymentUpdates: true },
};

/** What the server answers for a PUT of an older client's set: the newer switches at their defaults. */
const ANSWERED: Preferences = {
  ...HECTARES,
  notifications: { ...DEFAULT_PREFERENCES.notifications, ...HECTARES.notifications },
  channels: DEFAULT_PREFERENCES.channels,
};

/** A second sign-in of the same person, as another phone would hold: a session, its refresh cookie and an access token. */
async function secondDevice(person: Client) {
  const session = await t.db
    .insertInto('auth_sessions')
    .values({
      user_id: person.user.id,
      provider: 'password',
      device: JSON.stringify({ make: 'Android', model: 'SM-A146B', os: 'Android', osVersion: '14' }),
      expires_at: new Date(Date.now() + 86_400_000),
      provider_checked_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refresh = randomBytes(32).toString('base64url');
  await storeRefreshToken(t.db, session.id, refresh, new Date(Date.now() + 86_400_000));
  const { token } = await issueAccessToken(t.config.jwtSecret, { sub: person.user.id, fam: session.id });
  const phone = client(t, { ...person.user, token, headers: { authorization: `Bearer ${token}` } });
  return { id: session.id, cookie: `${REFRESH_COOKIE}=${refresh}`, phone };
}

const refreshWith = (cookie: string) => t.request({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie } });

describe('GET/PUT /v1/me/preferences', () => {
  it('answers the defaults (acres) until saved, then the saved set, per person', async () => {
    const [amina, baraka] = [await newClient(t), await newClient(t)];
    expect((await amina.get('/v1/me/preferences')).body).toEqual(DEFAULT_PREFERENCES);
    const saved = await amina.put<Preferences>('/v1/me/preferences', HECTARES);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(ANSWERED);
    expect((await amina.get('/v1/me/preferences')).body).toEqual(ANSWERED);
    expect((await baraka.get('/v1/me/preferences')).body).toEqual(DEFAULT_PREFERENCES);
    // Saving again updates the one row.
    await amina.put('/v1/me/preferences', { ...HECTARES, areaUnit: 'acres' });
    expect((await amina.get<Preferences>('/v1/me/preferences')).body.areaUnit).toBe('acres');
  });

  it.each([
    ['an unknown key', { ...HECTARES, theme: 'dark' }],
    ['an unknown notification kind', { ...HECTARES, notifications: { ...HECTARES.notifications, marketing: true } }],
    ['another unit', { ...HECTARES, areaUnit: 'square meters' }],
    ['another language', { ...HECTARES, language: 'fr' }],
    ['a missing kind', { ...HECTARES, notifications: { orderUpdates: true } }],
    ['a string for a switch', { ...HECTARES, notifications: { ...HECTARES.notifications, orderUpdates: 'yes' } }],
  ])('refuses %s with a 400 and a clear message', async (_what, body) => {
    const amina = await newClient(t);
    const res = await amina.put('/v1/me/preferences', body);
    expect(res.status).toBe(400);
    expect(res.body).toBeNull();
    expect(res.message).toMatch(/./);
    expect((await amina.get('/v1/me/preferences')).body).toEqual(DEFAULT_PREFERENCES);
  });

  it('saves the SMS, e-mail, push, quiet-hours and per-kind switches, and an older client leaves them as they are', async () => {
    const amina = await newClient(t);
    const all: Preferences = {
      ...HECTARES,
      notifications: { ...HECTARES.notifications, invitations: false, messages: true, announcements: false },
      channels: { sms: false, email: true, quietHours: true, push: false },
    };
    expect((await amina.put<Preferences>('/v1/me/preferences', all)).body).toEqual(all);
    const row = await t.db.selectFrom('user_preferences').selectAll().where('user_id', '=', amina.user.id).executeTakeFirstOrThrow();
    expect([
      row.sms_enabled,
      row.email_enabled,
      row.quiet_hours,
      row.notify_invitations,
      row.notify_announcements,
      row.push_enabled,
    ]).toEqual([false, true, true, false, false, false]);
    expect((await amina.put<Preferences>('/v1/me/preferences', { ...HECTARES, areaUnit: 'acres' })).body).toEqual({
      ...all,
      areaUnit: 'acres',
    });
    // A client from before push (048) sends the other channels only: push stays off.
    const older = { ...all, channels: { sms: false, email: true, quietHours: true } };
    expect((await amina.put<Preferences>('/v1/me/preferences', older)).body).toEqual(all);
    expect((await amina.put('/v1/me/preferences', { ...all, channels: { sms: 'no', email: true, quietHours: false } })).status).toBe(400);
  });

  it('asks a signed-out caller to sign in', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/me/preferences' })).statusCode).toBe(401);
  });

  it('keeps a notification kind the person turned off out of their list, and the others in', async () => {
    const amina = await newClient(t);
    await amina.put('/v1/me/preferences', HECTARES);
    await notify(t.db, { userId: amina.user.id, type: 'activity_assigned', title: 'Weeding assigned to you' });
    await notify(t.db, { userId: amina.user.id, type: 'order_update', title: 'Order shipped' });
    const rows = await t.db.selectFrom('notifications').select('title').where('user_id', '=', amina.user.id).execute();
    expect(rows.map((r) => r.title)).toEqual(['Order shipped']);
  });
});

describe('GET /v1/me/sessions and DELETE /v1/me/sessions/:id', () => {
  it('lists this device first and the other sign-ins, then signs one out: its tokens and refresh stop at once', async () => {
    const amina = await newClient(t);
    const phone = await secondDevice(amina);
    const listed = await amina.get<SignedInDevices>('/v1/me/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(2);
    expect(listed.body.items[0]).toMatchObject({ current: true });
    expect(listed.body.items[1]).toMatchObject({ id: phone.id, current: false, device: 'Android 14 · SM-A146B' });

    // The phone's refresh works before (and turns its token), not after.
    const turned = await refreshWith(phone.cookie);
    expect(turned.statusCode).toBe(200);
    const cookie = [turned.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith(`${REFRESH_COOKIE}=`))!
      .split(';')[0]!;
    expect((await phone.phone.get('/v1/me/preferences')).status).toBe(200);

    const del = await amina.del(`/v1/me/sessions/${phone.id}`);
    expect(del.status).toBe(200);
    expect(del.message).toBe('That device has been signed out.');
    expect((await refreshWith(cookie)).statusCode).toBe(401);
    expect((await phone.phone.get('/v1/me/preferences')).status).toBe(401);
    const after = await amina.get<SignedInDevices>('/v1/me/sessions');
    expect(after.body.items.map((s) => s.current)).toEqual([true]);
  });

  it("answers 404 for another person's sign-in, leaving it live", async () => {
    const [amina, baraka] = [await newClient(t), await newClient(t)];
    const barakaPhone = await secondDevice(baraka);
    const res = await amina.del(`/v1/me/sessions/${barakaPhone.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toBeNull();
    expect((await amina.get<SignedInDevices>('/v1/me/sessions')).body.items.map((s) => s.id)).not.toContain(barakaPhone.id);
    expect((await barakaPhone.phone.get('/v1/me/preferences')).status).toBe(200);
  });

  it('answers 404 for an id that is not one, and 400 for the device in use', async () => {
    const amina = await newClient(t);
    expect((await amina.del('/v1/me/sessions/not-a-session')).status).toBe(404);
    const current = (await amina.get<SignedInDevices>('/v1/me/sessions')).body.items[0]!;
    const res = await amina.del(`/v1/me/sessions/${current.id}`);
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/Sign Out/);
  });
});
