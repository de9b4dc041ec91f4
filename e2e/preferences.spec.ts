import { expect, test, type Page } from '@playwright/test';
import { createAccount, REFRESH_COOKIE, signIn, signInWithForm, type TestAccount } from './support/auth';

// Issue 17: Preferences and Security are real. The area unit follows the person on every farm
// screen (sizes stay stored in hectares), and they can see and end their other sign-ins.
test.use({ viewport: { width: 412, height: 915 } });

const API = 'http://localhost:3000';
const EMULATOR = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const shot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/preferences-${name}.png`, fullPage: true });

let account: TestAccount;
let farmId: string;
let fieldId: string;

test.beforeAll(async ({ request }) => {
  account = await createAccount(request, { firstName: 'Njeri', lastName: 'Kariuki' });
  const headers = { authorization: `Bearer ${account.accessToken}` };
  const farm = await request.post(`${API}/v1/farms`, {
    headers,
    data: { name: 'Kariuki Shamba', location: 'Nyeri', totalSize: 10, owner: 'Njeri Kariuki' },
  });
  expect(farm.status()).toBe(201);
  farmId = ((await farm.json()) as { body: { id: string } }).body.id;
  const field = await request.post(`${API}/v1/farms/${farmId}/fields`, {
    headers,
    data: { name: 'Upper Terrace', size: 4, unit: 'hectares', cropType: 'Coffee' },
  });
  expect(field.status()).toBe(201);
  fieldId = ((await field.json()) as { body: { id: string } }).body.id;
  // Start from hectares, so the switch to acres is what the test sees.
  const put = await request.put(`${API}/v1/me/preferences`, {
    headers,
    data: { language: 'en', areaUnit: 'hectares', notifications: { orderUpdates: true, taskAssignments: true, paymentUpdates: true } },
  });
  expect(put.status()).toBe(200);
});

async function chooseUnit(page: Page, unit: 'Acres' | 'Hectares') {
  await page.goto('/preferences');
  await expect(page).toHaveTitle('Preferences · ShambaSoko');
  await page.getByRole('group', { name: 'Area unit' }).getByRole('radio', { name: unit }).check();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByRole('status')).toHaveText('Your preferences have been saved.');
}

test('switching to acres shows acres on the dashboard, the farms list, the farm, its fields and a field; back to hectares', async ({
  page,
}) => {
  await signIn(page, account);
  await page.goto('/dashboard');
  await expect(page.getByText('10 ha in all')).toBeVisible();

  // Reached from the account menu, as a person would.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Preferences' }).click();
  await expect(page.getByRole('group', { name: 'Area unit' }).getByRole('radio', { name: 'Hectares' })).toBeChecked();
  await chooseUnit(page, 'Acres');
  await shot(page, 'page');

  await page.goto('/dashboard');
  await expect(page.getByText('24.71 acres in all')).toBeVisible();
  await shot(page, 'dashboard-acres');
  await page.goto('/farms');
  await expect(page.getByText('24.71 acres').filter({ visible: true }).first()).toBeVisible();
  await page.goto(`/farms/${farmId}`);
  await expect(page.getByText(/Nyeri · 24\.71 acres · 1 field/)).toBeVisible();
  // The farm's fields (its first tab), and the fields list: 4 ha is 9.88 acres.
  await expect(page.getByText('9.88 acres').filter({ visible: true }).first()).toBeVisible();
  await shot(page, 'farm-acres');
  await page.goto('/fields');
  await expect(page.getByText('9.88 acres').filter({ visible: true }).first()).toBeVisible();
  await page.goto(`/farms/${farmId}/fields/${fieldId}`);
  await expect(page.getByText('9.88 acres').filter({ visible: true }).first()).toBeVisible();

  // A size typed now is in acres: the Add Farm form says so.
  await page.goto('/farms');
  await page
    .getByRole('button', { name: /Add (New )?Farm/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByLabel(/Total Size \(acres\)/)).toBeVisible();
  await page.keyboard.press('Escape');

  await chooseUnit(page, 'Hectares');
  await page.goto(`/farms/${farmId}`);
  await expect(page.getByText(/Nyeri · 10 ha · 1 field/)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('10 ha in all')).toBeVisible();
});

test('Security lists this device and signs out another, whose refresh token then stops', async ({ page }) => {
  // Through the form: Change password needs the provider's signed-in user in this browser.
  await page.goto('/auth/sign-in');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A second phone signs in through the API (no cookie jar: its refresh cookie is kept by hand).
  const idToken = await fetch(`${EMULATOR}/accounts:signInWithPassword?key=e2e`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  }).then(async (r) => ((await r.json()) as { idToken: string }).idToken);
  const login = await fetch(`${API}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken, webClient: true, device: { make: 'Samsung', model: 'SM-A146B', os: 'Android', osVersion: '14' } }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${REFRESH_COOKIE}=`))!
    .split(';')[0]!;
  const refresh = () => fetch(`${API}/v1/auth/refresh`, { method: 'POST', headers: { cookie } });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Security' }).click();
  await expect(page).toHaveTitle('Security · ShambaSoko');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  const mine = devices.getByRole('listitem').filter({ has: page.getByText('This device', { exact: true }) });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('button')).toHaveCount(0);
  const phone = devices.getByRole('listitem').filter({ hasText: 'Android 14 · SM-A146B' });
  await expect(phone).toHaveCount(1);
  await shot(page, 'security');

  await phone.getByRole('button', { name: /Sign out this device/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
  await expect(phone).toHaveCount(0);
  await expect(mine).toHaveCount(1);
  expect((await refresh()).status).toBe(401);
});
