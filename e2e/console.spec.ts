import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';

test('a Farmer-only account is refused the remotes console, by the page and by its API', async ({ page, request }) => {
  const farmer = await createAccount(request, { firstName: 'Otieno', lastName: 'Wafula' });
  await signIn(page, farmer);
  await page.goto('/admin/remotes');
  await expect(page.getByRole('alert')).toContainText('Only administrators can open this page');

  const res = await request.get('/v1/admin/remotes', { headers: { authorization: `Bearer ${farmer.accessToken}` } });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { header: { isSuccess: boolean } }).header.isSuccess).toBe(false);
});
