import { type APIRequestContext, expect, test } from '@playwright/test';
import { bearerFrom, storedSession } from './support/auth';

// Create Account by phone: the SMS code (kept by the Auth emulator), a name, then "I am a…" before the
// account is made; the new account enters with the roles it chose, never a default Farmer.
const EMULATOR = 'http://127.0.0.1:9099';
const PROJECT = 'demo-shambasoko';
const API = 'http://localhost:3000';

test.use({ viewport: { width: 412, height: 915 } });

async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get(`${EMULATOR}/emulator/v1/projects/${PROJECT}/verificationCodes`)).json()) as {
        verificationCodes: Array<{ phoneNumber: string; code: string }>;
      };
      code = list.verificationCodes.filter((c) => c.phoneNumber === phone).pop()?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}

test('a phone sign-up through Create Account chooses Buyer and enters as a Buyer', async ({ page, request }) => {
  // Worker index and time keep two workers' numbers apart.
  const digits = `${process.env.TEST_PARALLEL_INDEX ?? '0'}${String(Date.now()).slice(-7)}`;
  const phone = `+2547${digits}`;

  await page.goto('/auth/create-account');
  await page.getByRole('button', { name: 'Sign up with phone' }).click();
  const form = page.getByRole('form', { name: 'Sign up with phone' });
  await form.getByLabel(/^Phone number/).fill(`07${digits}`);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${phone}.`)).toBeVisible();
  await page.getByLabel(/^SMS code/).fill(await smsCode(request, phone));
  await page.getByRole('button', { name: 'Verify code' }).click();

  await expect(page.getByText(`Tell us your name to create the account for ${phone}.`)).toBeVisible();
  await page.getByLabel(/^Your name/).fill('Neema Achieng');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // "I am a…": nothing ticked, never Admin, a line on what each role gives; at least one is asked for.
  const step = page.getByRole('form', { name: 'Who are you on ShambaSoko?' });
  for (const role of ['Farmer', 'Buyer', 'Supplier', 'Retailer'])
    await expect(step.getByRole('checkbox', { name: role })).not.toBeChecked();
  await expect(step.getByRole('checkbox', { name: 'Admin' })).toHaveCount(0);
  await expect(step.getByRole('checkbox', { name: 'Buyer' })).toHaveAccessibleDescription(
    'Buy produce and farm inputs from sellers across Kenya.',
  );
  await step.getByRole('button', { name: 'Create Account' }).click();
  await expect(step.getByText('Choose at least one role')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/sign-up-phone-roles.png', fullPage: true });
  await step.getByRole('checkbox', { name: 'Buyer' }).check();
  await step.getByRole('button', { name: 'Create Account' }).click();

  // In the product as a Buyer (on phones one role is not shown in the top bar, but it is the session's).
  await expect(page).not.toHaveURL(/\/auth\//);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('NA');
  await expect(page.getByTestId('current-role')).toHaveText('Buyer');
  expect((await storedSession(page)).role).toBe('Buyer');
  const token = await bearerFrom(page, () => page.reload());
  const status = await request.get(`${API}/v1/profile/status`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await status.json()) as { body: { user: { roles: string[]; msisdn: string } } }).body.user).toMatchObject({
    roles: ['Buyer'],
    msisdn: phone,
  });
});
