import { sql } from 'kysely';
import { ACCEPTED_POLICIES } from '../../testing/accounts';
import { createTestUser } from '../../testing/auth';
import { phoneAccountEmail } from '@shambasoko/contracts';
import {
  emulatorGoogleSignIn,
  emulatorPhoneSignIn,
  emulatorSignIn,
  emulatorSignUp,
  emulatorVerifyEmail,
} from '../../testing/auth-emulator';
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

  it('Google sign-up takes the roles chosen on Create Account: none, Admin or no roles at all is 400 and opens no account', async () => {
    const email = `roles-google${Date.now()}@example.co.ke`;
    const g = await emulatorGoogleSignIn(email, 'Kip Keino');
    const googleSignUp = (signUp: object) =>
      t.request({ method: 'POST', url: '/v1/auth/login/google', payload: { idToken: g.idToken, firebaseRefId: g.uid, signUp } });
    const refused = [
      await googleSignUp(ACCEPTED_POLICIES),
      await googleSignUp({ ...ACCEPTED_POLICIES, roles: [] }),
      await googleSignUp({ ...ACCEPTED_POLICIES, roles: ['Buyer', 'Admin'] }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400]);
    expect(await t.db.selectFrom('users').select('id').where('firebase_uid', '=', g.uid).execute()).toEqual([]);

    const res = await googleSignUp({ ...ACCEPTED_POLICIES, roles: ['Retailer', 'Buyer'] });
    expect(res.statusCode).toBe(200);
    expect(rolesOf(res)).toEqual(['Retailer', 'Buyer']);
  });

  it('a phone sign-up through Create Account gets the roles it chose, never a default Farmer', async () => {
    const phone = `+2547${String(Date.now()).slice(-8)}`;
    const p = await emulatorPhoneSignIn(phone);
    const account = {
      firebaseRefId: p.uid,
      firstName: 'Wafula',
      lastName: 'Chebet',
      email: phoneAccountEmail(phone),
      msisdn: phone,
      ...ACCEPTED_POLICIES,
      device: deviceFixture,
    };
    const create = (roles: unknown) =>
      t.request({ method: 'POST', url: '/v1/auth/create-account', payload: { idToken: p.idToken, account: { ...account, roles } } });
    expect((await create(undefined)).statusCode).toBe(400);
    expect((await create(['Admin'])).statusCode).toBe(400);
    const res = await create(['Buyer']);
    expect(res.statusCode).toBe(201);
    expect(rolesOf(res)).toEqual(['Buyer']);
    const login = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: p.idToken, webClient: true } });
    expect(rolesOf(login)).toEqual(['Buyer']);
  });

  it('a row claimed by a plain sign-in keeps having no role (the front end asks for one), and Profile Settings gives it one', async () => {
    const email = `roleless${Date.now()}@example.co.ke`;
    await t.db
      .insertInto('users')
      .values({
        firebase_uid: `seed:roleless-${Date.now()}`,
        email,
        username: 'roleless',
        first_name: 'Neema',
        last_name: 'Ali',
        full_name: 'Neema Ali',
      })
      .execute();
    const a = await emulatorSignUp(email);
    await emulatorVerifyEmail(a.uid);
    const login = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: await emulatorSignIn(email, a.password) } });
    expect(login.statusCode).toBe(200);
    expect(rolesOf(login)).toEqual([]);
    const access = login.json<{ body: { auth: { accessToken: string } } }>().body.auth.accessToken;
    const chosen = await patchProfile(`Bearer ${access}`, { roles: ['Supplier'] });
    expect(rolesOf(chosen)).toEqual(['Supplier']);
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

describe('an account’s roles, kept in memory for role checks', () => {
  const farm = { name: 'Kilima Farm', location: 'Embu', totalSize: 4, owner: 'Amina' };
  const createFarm = (headers: Record<string, string>) => t.request({ method: 'POST', url: '/v1/farms', headers, payload: farm });

  it('counts a role taken away or given outside any request (an Admin tool, psql) on the very next request', async () => {
    const farmer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Farmer'] });
    expect((await createFarm(farmer.headers)).statusCode).toBe(201);
    await sql`delete from account_roles where user_id = ${farmer.id} and role = 'Farmer'`.execute(t.db);
    expect((await createFarm(farmer.headers)).statusCode).toBe(403);
    await sql`insert into account_roles (user_id, role) values (${farmer.id}, 'Farmer')`.execute(t.db);
    expect((await createFarm(farmer.headers)).statusCode).toBe(201);
  });

  it('answers a repeated check from memory (with the trigger off, a change does not count)', async () => {
    const farmer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Farmer'] });
    // An empty body passes the role check and stops at validation (400); without the role it is 403.
    const check = async () => (await t.request({ method: 'POST', url: '/v1/farms', headers: farmer.headers, payload: {} })).statusCode;
    expect(await check()).toBe(400);
    await sql`alter table account_roles disable trigger account_roles_answers_delete`.execute(t.db);
    try {
      await sql`delete from account_roles where user_id = ${farmer.id} and role = 'Farmer'`.execute(t.db);
      expect(await check()).toBe(400);
    } finally {
      await sql`alter table account_roles enable trigger account_roles_answers_delete`.execute(t.db);
    }
    // The next change that is told (a Buyer role added) drops what was kept: the lost Farmer role counts.
    await sql`insert into account_roles (user_id, role) values (${farmer.id}, 'Buyer')`.execute(t.db);
    expect(await check()).toBe(403);
  });
});
