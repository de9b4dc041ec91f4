import { ACCEPTED_POLICIES } from '../../testing/accounts';
import { createTestUser } from '../../testing/auth';
import { emulatorGoogleSignIn, emulatorSignUp } from '../../testing/auth-emulator';
import type { TestApp, TestResponse } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { deviceFixture } from './test-fixtures';

let t: TestApp;
useTestApp((app) => (t = app), { authEmulator: true });

type UserBody = { body: { user: { id: string; roles: string[] } }; header: { customerMessage: string } };
const rolesOf = (res: TestResponse) => res.json<UserBody>().body.user.roles;
const message = (res: TestResponse) => res.json<UserBody>().header.customerMessage;

async function signUp(roles: unknown) {
  const a = await emulatorSignUp();
  const account = {
    firebaseRefId: a.uid,
    firstName: 'Amina',
    lastName: 'Odhiambo',
    email: a.email,
    ...ACCEPTED_POLICIES,
    roles,
    device: deviceFixture,
  };
  return t.request({ method: 'POST', url: '/v1/auth/create-account', payload: { idToken: a.idToken, account } });
}

const patchProfile = (authorization: string, payload: object) =>
  t.request({ method: 'PATCH', url: '/v1/profile', headers: { authorization }, payload });

describe('account roles', () => {
  it('stores the self-service roles chosen at sign-up and answers them in the switcher order', async () => {
    const res = await signUp(['Supplier', 'Buyer']);
    expect(res.statusCode).toBe(201);
    expect(rolesOf(res)).toEqual(['Supplier', 'Buyer']);
    const { id } = res.json<UserBody>().body.user;
    const stored = await t.db.selectFrom('account_roles').select('role').where('user_id', '=', id).orderBy('role').execute();
    expect(stored.map((r) => r.role)).toEqual(['Buyer', 'Supplier']);
  });

  it('refuses a sign-up with no role, or naming Admin, and creates no account', async () => {
    const none = await signUp([]);
    expect(none.statusCode).toBe(400);
    expect(message(none)).toContain('Choose at least one role');
    const admin = await signUp(['Farmer', 'Admin']);
    expect(admin.statusCode).toBe(400);
    const missing = await signUp(undefined);
    expect(missing.statusCode).toBe(400);
  });

  it('a new Google account is a Farmer, and login answers the roles', async () => {
    const email = `roles-google${Date.now()}@example.co.ke`;
    const g = await emulatorGoogleSignIn(email, 'Kip Keino');
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login/google',
      payload: { idToken: g.idToken, firebaseRefId: g.uid, signUp: ACCEPTED_POLICIES },
    });
    expect(res.statusCode).toBe(200);
    expect(rolesOf(res)).toEqual(['Farmer']);
  });

  it('Profile Settings changes the self-service roles, keeps Admin, and refuses Admin or none', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin', 'Farmer'] });
    const auth = user.headers.authorization;
    const saved = await patchProfile(auth, { roles: ['Retailer', 'Buyer'] });
    expect(saved.statusCode).toBe(200);
    expect(rolesOf(saved)).toEqual(['Admin', 'Retailer', 'Buyer']);
    const status = await t.request({ method: 'GET', url: '/v1/profile/status', headers: user.headers });
    expect(rolesOf(status)).toEqual(['Admin', 'Retailer', 'Buyer']);

    const naming = await patchProfile(auth, { roles: ['Admin', 'Farmer'] });
    expect(naming.statusCode).toBe(400);
    expect(message(naming)).toContain('Admin is granted by an administrator');
    const none = await patchProfile(auth, { roles: [] });
    expect(none.statusCode).toBe(400);
    expect(message(none)).toContain('Choose at least one role');
    const unknown = await patchProfile(auth, { roles: ['Chief'] });
    expect(unknown.statusCode).toBe(400);
    const after = await t.request({ method: 'GET', url: '/v1/profile/status', headers: user.headers });
    expect(rolesOf(after)).toEqual(['Admin', 'Retailer', 'Buyer']);
  });

  it('a name change leaves the roles alone', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Supplier'] });
    const res = await patchProfile(user.headers.authorization, { firstName: 'Baraka' });
    expect(rolesOf(res)).toEqual(['Supplier']);
  });
});

describe('creating a farm needs the Farmer role', () => {
  const farm = { name: 'Mto Farm', location: 'Kisumu', totalSize: 10, owner: 'Amina' };
  it('answers 403 with where to add the role, and works once the role is added', async () => {
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
    const refused = await t.request({ method: 'POST', url: '/v1/farms', headers: buyer.headers, payload: farm });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe('This needs the Farmer role. Add it in Profile Settings.');
    await patchProfile(buyer.headers.authorization, { roles: ['Buyer', 'Farmer'] });
    const created = await t.request({ method: 'POST', url: '/v1/farms', headers: buyer.headers, payload: farm });
    expect(created.statusCode).toBe(201);
  });
});
