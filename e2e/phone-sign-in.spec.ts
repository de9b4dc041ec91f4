import { expect, test } from '@playwright/test';
import { createAccount } from './support/auth';

// A worker added by phone signs in with the SMS code (kept by the Auth emulator) and gets the farm.
const EMULATOR = 'http://127.0.0.1:9099';
const PROJECT = 'demo-shambasoko';
const API = 'http://localhost:3000';

test.use({ viewport: { width: 412, height: 915 } });

test('an owner adds a worker by phone; the worker signs in with the SMS code and sees the farm', async ({ page, request }) => {
  const owner = await createAccount(request, { firstName: 'Amina', lastName: 'Wafula' });
  const ownerHeaders = { authorization: `Bearer ${owner.accessToken}` };
  const farmName = `Phone Farm ${Date.now().toString(36)}`;
  const created = await request.post(`${API}/v1/farms`, {
    headers: ownerHeaders,
    data: { name: farmName, location: 'Kakamega', totalSize: 5, owner: 'Amina Wafula' },
  });
  const farmId = ((await created.json()) as { body: { id: string } }).body.id;
  const digits = String(Date.now()).slice(-8);
  const added = await request.post(`${API}/v1/farms/${farmId}/users`, {
    headers: ownerHeaders,
    data: { name: 'Wafula Wekesa', phone: `07${digits}`, role: 'Field Worker' },
  });
  expect(added.status()).toBe(201);

  await page.goto('/auth/sign-in');
  await page.getByRole('button', { name: 'Sign in with phone' }).click();
  await page.getByLabel(/^Phone number/).fill(`07${digits}`);
  await page.screenshot({ path: 'e2e/screenshots/phone-sign-in.png' });
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to +2547${digits}.`)).toBeVisible();

  let code: string | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get(`${EMULATOR}/emulator/v1/projects/${PROJECT}/verificationCodes`)).json()) as {
        verificationCodes: Array<{ phoneNumber: string; code: string }>;
      };
      code = list.verificationCodes.filter((c) => c.phoneNumber === `+2547${digits}`).pop()?.code;
      return code;
    })
    .toBeTruthy();
  await page.getByLabel(/^SMS code/).fill(code!);
  await page.screenshot({ path: 'e2e/screenshots/phone-sign-in-code.png' });
  await page.getByRole('button', { name: 'Verify code' }).click();

  // A number with no account yet creates one: its name, its roles (never a silent Farmer), and the
  // policies agreed by choosing Create Account.
  await expect(page.getByText(/No ShambaSoko account uses \+2547\d+ yet/)).toBeVisible();
  await page.getByLabel(/^Your name/).fill('Wafula Wekesa');
  await page.screenshot({ path: 'e2e/screenshots/phone-sign-in-name.png' });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const iAm = page.getByRole('group', { name: 'I am a…' });
  await expect(iAm.getByRole('checkbox', { name: 'Farmer' })).not.toBeChecked();
  await iAm.getByRole('checkbox', { name: 'Farmer' }).check();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/farms/${farmId}`);
  await expect(page.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/phone-sign-in-farm.png' });
});
