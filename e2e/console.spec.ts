import { expect, test } from '@playwright/test';
import path from 'node:path';
import { createAccount, DEMO, loginAccount, signIn } from './support/auth';
import { registryAdmin } from './support/stack';

test('a Farmer-only account is refused the remotes console, by the page and by its API', async ({ page, request }) => {
  const farmer = await createAccount(request, { firstName: 'Otieno', lastName: 'Wafula' });
  await signIn(page, farmer);
  await page.goto('/admin/remotes');
  await expect(page.getByRole('alert')).toContainText('Only administrators can open this page');

  const res = await request.get('/v1/admin/remotes', { headers: { authorization: `Bearer ${farmer.accessToken}` } });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { header: { isSuccess: boolean } }).header.isSuccess).toBe(false);
});

test('a product owner drafts hiding Market from Buyers and publishes it in one step: a Buyer loses it, a Farmer keeps it, the audit log says so', async ({
  page,
  browser,
  request,
}) => {
  const buyer = await createAccount(request, { firstName: 'Njeri', lastName: 'Mutua', roles: ['Buyer'] });
  const farmer = await createAccount(request, { firstName: 'Kipchoge', lastName: 'Rotich', roles: ['Farmer'] });
  await signIn(page, await loginAccount(request, DEMO.email, DEMO.password));
  try {
    await page.goto('/admin/remotes');
    const market = page.getByRole('region', { name: 'Market', exact: true });
    const who = market.getByRole('group', { name: 'Who sees Market' });
    // From "everyone" to every role but Buyer: drafted on the page, nothing live until Publish.
    await who.getByRole('checkbox', { name: 'Everyone (*)' }).click();
    for (const role of ['Admin', 'Farmer', 'Supplier', 'Retailer']) await who.getByRole('checkbox', { name: role, exact: true }).click();
    await expect(who.getByRole('checkbox', { name: 'Buyer', exact: true })).not.toBeChecked();
    await expect(market.getByText('Not published')).toBeVisible();
    const live = (await registryAdmin(request, 'GET', '/v1/admin/remotes')) as { remotes: Array<{ name: string; roles: string[] }> };
    expect(live.remotes.find((r) => r.name === 'market')?.roles).toEqual(['*']);

    await page.getByRole('region', { name: 'Changes not published yet' }).getByRole('button', { name: 'Publish…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish these changes?' });
    await expect(dialog.getByRole('listitem')).toHaveText(['Buyers and visitors who are not signed in will no longer see Market.']);
    await page.screenshot({ path: path.join(process.env.E2E_RUN_DIR ?? '', 'console-publish.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Changes not published yet' })).toHaveCount(0);
    const audit = page.getByRole('list', { name: 'Audit log' });
    await expect(audit.getByRole('listitem').first()).toContainText('switched off Market for Buyers and visitors who are not signed in');

    const buyerPage = await (await browser.newContext()).newPage();
    await signIn(buyerPage, buyer);
    await buyerPage.goto('/orders');
    await expect(buyerPage.getByRole('heading', { name: 'This page is not available for your role' })).toBeVisible();
    await buyerPage.goto('/market');
    await expect(buyerPage.getByRole('heading', { name: 'This page is not available for your role' })).toBeVisible();
    // The farm dashboard is the Farmer's: a Buyer goes on to the Buyer home, which is in the market, now off for Buyers.
    await buyerPage.goto('/dashboard');
    await expect(buyerPage).toHaveURL(/\/buyer$/);
    await expect(buyerPage.getByRole('heading', { name: 'This page is not available for your role' })).toBeVisible();
    const buyerMenu = buyerPage.getByRole('navigation', { name: 'Main' });
    await expect(buyerMenu.getByRole('link', { name: 'Overview' })).toHaveCount(0);
    await expect(buyerMenu.getByRole('link', { name: 'Marketplace' })).toHaveCount(0);
    await expect(buyerMenu.getByRole('link', { name: 'My Orders' })).toHaveCount(0);

    const farmerPage = await (await browser.newContext()).newPage();
    await signIn(farmerPage, farmer);
    await farmerPage.goto('/orders');
    await expect(farmerPage.getByTestId('page-title')).toHaveText('My Orders');
    await expect(farmerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' })).toBeVisible();
  } finally {
    await registryAdmin(request, 'PATCH', '/v1/admin/remotes/market', { roles: ['*'] });
  }
});
