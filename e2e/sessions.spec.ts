import { expect, test } from '@playwright/test';
import { bearerFrom, createAccount, hasRefreshCookie, REFRESH_COOKIE, signIn, signOutFromMenu } from './support/auth';

// Sessions end when they should: the refresh token is an HttpOnly cookie no script can read, the
// access token lives in memory only, and signing out ends that token at once (not 15 minutes later).
const API = 'http://localhost:3000';

test('a sign-in survives a reload with no token in storage, and sign-out ends its access token at once', async ({ page, request }) => {
  const account = await createAccount(request);
  await signIn(page, account);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // A reload: the page gets a new access token through the cookie and stays signed in.
  const token = await bearerFrom(page, () => page.reload());
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  const storage = await page.evaluate(() => ({ ...localStorage }));
  expect(JSON.stringify(storage)).not.toContain(token);
  expect(Object.keys(storage)).not.toEqual(expect.arrayContaining(['accessToken']));
  expect(Object.keys(storage)).not.toContain('refreshToken');
  expect(await hasRefreshCookie(page)).toBe(true);
  const cookie = (await page.context().cookies()).find((c) => c.name === REFRESH_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/v1/auth' });
  expect(await page.evaluate(() => document.cookie)).not.toContain(REFRESH_COOKIE);

  const status = () => request.get(`${API}/v1/profile/status`, { headers: { authorization: `Bearer ${token}` } });
  expect((await status()).status()).toBe(200);

  await signOutFromMenu(page);
  expect((await status()).status()).toBe(401);
  expect(await hasRefreshCookie(page)).toBe(false);

  // Nothing brings the session back.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=%2Fdashboard$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('quick navigation (each page load refreshes through the cookie) keeps the sign-in', async ({ page, request }) => {
  const account = await createAccount(request);
  await signIn(page, account);
  // Each load rotates the refresh token; leaving a page mid-refresh loses the new cookie, which the
  // API forgives within a short window instead of taking it for a stolen token.
  for (const path of ['/dashboard', '/farms', '/seasons', '/crops', '/fields', '/budget', '/activities', '/users', '/dashboard']) {
    await page.goto(path, { waitUntil: 'commit' });
  }
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText('Farmer Overview');
});

test('signing up with a seeded persona address without confirming it is refused, and the confirmation link is sent', async ({
  page,
  request,
}) => {
  // A seeded demo persona: its users row carries farms and memberships and must not go to whoever signs up first.
  const email = 'grace.wambui@demo.shambasoko.co.ke';
  await page.goto('/auth/create-account');
  await page.getByLabel('First name').fill('Mallory');
  await page.getByLabel('Last name').fill('Intruder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('Shamba-2026');
  await page.getByLabel(/^Confirm password/).fill('Shamba-2026');
  // Nothing is ticked for a new account: it says who it is.
  await page.getByRole('checkbox', { name: 'Farmer' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(/Please confirm your e-mail address first/)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/create-account$/);
  await page.screenshot({ path: '/tmp/identity-takeover-refused.png' });
  expect(await hasRefreshCookie(page)).toBe(false);
  await expect
    .poll(async () => {
      const codes = (await (await request.get('http://127.0.0.1:9099/emulator/v1/projects/demo-shambasoko/oobCodes')).json()) as {
        oobCodes: Array<{ email: string; requestType: string }>;
      };
      return codes.oobCodes.some((c) => c.email === email && c.requestType === 'VERIFY_EMAIL');
    })
    .toBe(true);
});
