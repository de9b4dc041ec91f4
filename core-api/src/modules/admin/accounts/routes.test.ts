import { createTestUser } from '../../../testing/auth';
import type { TestApp, TestResponse } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

let t: TestApp;
useTestApp((app) => (t = app));

type Answer = { header: { isSuccess: boolean; customerMessage: string }; body: { email: string; roles: string[] } | null };
const grant = (headers: Record<string, string>, payload: object) =>
  t.request({ method: 'PUT', url: '/v1/admin/accounts/admin-role', headers, payload });
const answer = (res: TestResponse) => res.json<Answer>();

describe('PUT /v1/admin/accounts/admin-role', () => {
  it('an Admin grants and removes Admin, and the grant records who gave it', async () => {
    const admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin', 'Farmer'] });
    const other = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
    const granted = await grant(admin.headers, { email: other.email.toUpperCase(), granted: true });
    expect(granted.statusCode).toBe(200);
    expect(answer(granted).body).toEqual({ email: other.email, roles: ['Admin', 'Buyer'] });
    const row = await t.db
      .selectFrom('account_roles')
      .select('granted_by')
      .where('user_id', '=', other.id)
      .where('role', '=', 'Admin')
      .executeTakeFirstOrThrow();
    expect(row.granted_by).toBe(admin.id);

    const status = await t.request({ method: 'GET', url: '/v1/profile/status', headers: other.headers });
    expect(status.json<{ body: { user: { roles: string[] } } }>().body.user.roles).toEqual(['Admin', 'Buyer']);

    const removed = await grant(admin.headers, { email: other.email, granted: false });
    expect(answer(removed).body?.roles).toEqual(['Buyer']);
  });

  it('answers 403 to an account without Admin, and 401 when signed out', async () => {
    const farmer = await createTestUser(t.db, t.config.jwtSecret);
    const res = await grant(farmer.headers, { email: farmer.email, granted: true });
    expect(res.statusCode).toBe(403);
    expect(answer(res)).toEqual({ header: { isSuccess: false, customerMessage: 'Only an administrator can do this.' }, body: null });
    expect((await grant({}, { email: farmer.email, granted: true })).statusCode).toBe(401);
    const roles = await t.db.selectFrom('account_roles').select('role').where('user_id', '=', farmer.id).execute();
    expect(roles.map((r) => r.role)).toEqual(['Farmer']);
  });

  it('an Admin cannot remove their own Admin role', async () => {
    const admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
    const res = await grant(admin.headers, { email: admin.email, granted: false });
    expect(res.statusCode).toBe(409);
    expect(answer(res).header.customerMessage).toBe('You cannot remove your own Admin role. Ask another administrator to do it.');
  });

  it('answers 404 for an unknown e-mail and 400 for a bad body', async () => {
    const admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
    const unknown = await grant(admin.headers, { email: 'nobody-here@example.co.ke', granted: true });
    expect(unknown.statusCode).toBe(404);
    expect(answer(unknown).header.customerMessage).toBe('No account uses nobody-here@example.co.ke. The person has to sign up first.');
    expect((await grant(admin.headers, { email: 'not-an-email', granted: true })).statusCode).toBe(400);
    expect((await grant(admin.headers, { email: admin.email })).statusCode).toBe(400);
  });
});
