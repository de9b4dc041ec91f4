import { accountSchema, googleLoginRequestSchema } from '@shambasoko/contracts';
import { createTestUser } from '../../testing/auth';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { firstLanguage } from '../identity/service';
import { notify } from '../notifications';

// Issue 41: the language chosen before signing up becomes the account's preference, so its first
// notices, SMS and e-mails are in it. The sign-up routes need the Auth emulator; this holds the
// preference write they make and the contracts that carry the language.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

it('a new account created in Kiswahili reads its notices and SMS in Kiswahili; a saved choice is never overwritten', async () => {
  const user = await createTestUser(t.db, t.config.jwtSecret);
  await t.db.updateTable('users').set({ msisdn: '0712 000 999' }).where('id', '=', user.id).execute();
  await firstLanguage(t.db, user.id, 'sw');
  const res = await t.request({ method: 'GET', url: '/v1/me/preferences', headers: user.headers });
  expect(res.json<{ body: { language: string } }>().body.language).toBe('sw');

  await notify(t.db, { userId: user.id, type: 'order_placed', title: 'Order {number} placed', values: { number: 'SS-000009' } });
  const sms = await t.db
    .selectFrom('notice_outbox')
    .select('body')
    .where('user_id', '=', user.id)
    .where('channel', '=', 'sms')
    .executeTakeFirstOrThrow();
  expect(sms.body).toBe('ShambaSoko: Agizo SS-000009 limewekwa');

  await firstLanguage(t.db, user.id, 'en');
  const again = await t.request({ method: 'GET', url: '/v1/me/preferences', headers: user.headers });
  expect(again.json<{ body: { language: string } }>().body.language).toBe('sw');
});

it('the sign-up bodies carry the language, optional, and only en or sw', () => {
  const account = {
    firebaseRefId: 'uid-1',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email: 'wanjiru@example.co.ke',
    termsAccepted: true,
    termsVersion: '1',
    privacyPolicyAccepted: true,
    privacyPolicyVersion: '1',
    cookiePolicyAccepted: true,
    cookiePolicyVersion: '1',
    roles: ['Buyer'],
  };
  const parsed = accountSchema.safeParse({ ...account, language: 'sw' });
  expect(parsed.success && parsed.data.language).toBe('sw');
  expect(accountSchema.safeParse(account).success).toBe(true);
  expect(accountSchema.safeParse({ ...account, language: 'fr' }).success).toBe(false);
  const google = googleLoginRequestSchema.safeParse({
    idToken: 'x'.repeat(40),
    signUp: { ...account, roles: ['Buyer'], language: 'sw' },
  });
  expect(google.success && google.data.signUp?.language).toBe('sw');
});
