import { expect, test } from '@playwright/test';
import { bearerFrom, createAccount, signInWithForm, signOutFromMenu, uniqueEmail } from './support/auth';

// Farm invitations go only to a confirmed address: anyone can open an e-mail/password account with
// someone else's e-mail, so an unconfirmed account added by e-mail must not get the farm.
const EMULATOR = 'http://127.0.0.1:9099';
const PROJECT = 'demo-shambasoko';
const API = 'http://localhost:3000';

test('an account added by e-mail gets the farm only after confirming its address', async ({ page, request }) => {
  const owner = await createAccount(request, { firstName: 'Amina', lastName: 'Wafula' });
  const ownerHeaders = { authorization: `Bearer ${owner.accessToken}` };
  const farmName = `Invite Farm ${Date.now().toString(36)}`;
  const created = await request.post(`${API}/v1/farms`, {
    headers: ownerHeaders,
    data: { name: farmName, location: 'Nakuru', totalSize: 20, owner: 'Amina Wafula' },
  });
  expect(created.status()).toBe(201);
  const farmId = ((await created.json()) as { body: { id: string } }).body.id;

  // The invitee signs up in the browser; the app asks the provider to send the confirmation e-mail.
  const email = uniqueEmail('invitee');
  const password = 'Shamba-2026';
  await page.goto('/auth/create-account');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/Farm invitations sent to it become active once you confirm it/);
  await page.getByLabel('First name').fill('Otieno');
  await page.getByLabel('Last name').fill('Kamau');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  // Nothing is ticked for a new account: it says who it is.
  await page.getByRole('checkbox', { name: 'Farmer' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const inviteeToken = await bearerFrom(page, () => page.reload());

  // The owner adds that address: the account is not confirmed, so this is an invitation.
  const added = await request.post(`${API}/v1/farms/${farmId}/users`, {
    headers: ownerHeaders,
    data: { name: 'Otieno Kamau', email, phone: '+254 711 000 111', role: 'Viewer' },
  });
  expect(added.status()).toBe(201);
  expect(((await added.json()) as { body: { status: string; userId: string | null } }).body).toMatchObject({
    status: 'invited',
    userId: null,
  });
  expect((await request.get(`${API}/v1/farms/${farmId}`, { headers: { authorization: `Bearer ${inviteeToken}` } })).status()).toBe(404);

  // Signing in again without confirming changes nothing.
  await signOutFromMenu(page);
  await page.goto('/auth/sign-in');
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const stillUnconfirmed = await bearerFrom(page, () => page.reload());
  expect((await request.get(`${API}/v1/farms/${farmId}`, { headers: { authorization: `Bearer ${stillUnconfirmed}` } })).status()).toBe(404);

  // The confirmation e-mail the app asked for (the emulator keeps its codes), applied as its link would.
  let code: string | undefined;
  await expect
    .poll(async () => {
      const codes = (await (await request.get(`${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`)).json()) as {
        oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
      };
      code = codes.oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').pop()?.oobCode;
      return code;
    })
    .toBeTruthy();
  const confirmed = await request.post(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=e2e`, {
    data: { oobCode: code },
  });
  expect(confirmed.ok()).toBe(true);

  // The next sign-in carries a verified token and claims the invitation.
  await signOutFromMenu(page);
  await page.goto('/auth/sign-in');
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/farms/${farmId}`);
  await expect(page.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
  const member = (await (await request.get(`${API}/v1/farm-users?farmId=${farmId}`, { headers: ownerHeaders })).json()) as {
    body: { items: Array<{ email: string; status: string }> };
  };
  expect(member.body.items.find((u) => u.email === email)).toMatchObject({ status: 'active' });
});
