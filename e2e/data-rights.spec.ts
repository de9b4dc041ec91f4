import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, signInWithForm } from './support/auth';

// Issue 12 item 9 (Kenya Data Protection Act 2019): a person downloads everything held about them and
// deletes their account from Profile Settings. The order they placed stays for the seller without
// them; what the row then holds (user_id null, shipping blanked) is asserted in
// core-api/src/modules/me/me.test.ts, since no seller view of orders exists yet.

const API = 'http://localhost:3000';

test('a new account places an order, downloads its data, deletes itself and can no longer sign in', async ({ page, request }) => {
  const account = await createAccount(request, { firstName: 'Neema', lastName: 'Chebet' });
  const auth = { authorization: `Bearer ${account.accessToken}` };

  // An order, placed through the API with the token create-account gave.
  const products = await request.get(`${API}/v1/products?pageSize=20`);
  const product = ((await products.json()) as { body: { items: Array<{ id: string; stockQuantity: number }> } }).body.items.find(
    (p) => p.stockQuantity > 5,
  )!;
  expect((await request.post(`${API}/v1/cart/items`, { headers: auth, data: { productId: product.id, quantity: 1 } })).ok()).toBe(true);
  const placed = await request.post(`${API}/v1/orders`, {
    headers: { ...auth, 'idempotency-key': randomUUID() },
    data: {
      shipping: {
        firstName: 'Neema',
        lastName: 'Chebet',
        email: account.email,
        phone: '0712 345 678',
        address: 'Plot 4, Kiambu Road',
        city: 'Kiambu',
        state: 'Kiambu',
        postalCode: '00900',
      },
      delivery: 'standard',
      payment: { method: 'bank' },
    },
  });
  expect(`${placed.status()} ${await placed.text()}`).toMatch(/^201 /);
  const order = ((await placed.json()) as { body: { id: string; number: string } }).body;

  await page.goto('/auth/sign-in');
  await signInWithForm(page, account.email, account.password);
  await expect(page).not.toHaveURL(/\/auth\/sign-in$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delete my account' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 1300 });
  await page.screenshot({ path: path.join(test.info().outputDir, 'profile-data-rights.png'), fullPage: true });

  // Download my data: one JSON file with the profile and the order.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^shambasoko-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    profile: { id: string; email: string; firstName: string };
    orders: Array<{ id: string; items: Array<{ product_id: string }> }>;
    sessions: Array<Record<string, unknown>>;
  };
  expect(data.profile).toMatchObject({ id: account.userId, email: account.email, firstName: 'Neema' });
  expect(data.orders.map((o) => o.id)).toEqual([order.id]);
  expect(data.orders[0]!.items.map((i) => i.product_id)).toEqual([product.id]);
  expect(JSON.stringify(data.sessions)).not.toMatch(/imei|serialNumber|macAddress|ipAddress/i);

  // Delete my account: the button stays disabled until the e-mail is typed.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your e-mail address/).fill('someone.else@example.co.ke');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your e-mail address/).fill(account.email);
  await page.screenshot({ path: path.join(test.info().outputDir, 'delete-account-dialog.png') });
  await confirm.click();

  // Signed out, home, with a confirmation.
  await expect(page).toHaveURL(`${API}/`);
  await expect(page.getByRole('status').filter({ hasText: 'Your ShambaSoko account and personal data have been deleted.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.screenshot({ path: path.join(test.info().outputDir, 'account-deleted-home.png') });

  // The e-mail and password no longer sign in.
  await page.goto('/auth/sign-in');
  await signInWithForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);

  // The old access token no longer reaches the order as its buyer's (the order itself is kept for the
  // seller, anonymised: see me.test.ts), and the export answers nobody.
  expect([401, 404]).toContain((await request.get(`${API}/v1/orders/${order.id}`, { headers: auth })).status());
  expect((await request.get(`${API}/v1/me/export`, { headers: auth })).status()).toBe(401);
});
