import { expect, test, type Page } from '@playwright/test';
import { createAccount, DEMO, loginAccount, signIn, signInWithForm } from './support/auth';
import { list, newSeller } from './support/sellers';

// Management for Admins (issue 39): the Admin's home, suspending an account (whose open session then
// ends) and taking a listing down (it leaves the market, its seller is told). The demo account is an
// Admin in development; every other account here is the spec's own.

const SHOTS = 'e2e/screenshots';
test.use({ viewport: { width: 412, height: 915 } });

async function asAdmin(page: Page) {
  await signIn(page, await loginAccount(page.request, DEMO.email, DEMO.password));
}

/** Fills the reason dialog that every Management action opens, and confirms with `confirm`. */
async function giveReason(page: Page, title: RegExp, reason: string, confirm: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('an Admin lands on the Admin Overview and sees the platform figures, each a link to its list', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Overview' })).toBeVisible();
  const figures = page.getByRole('list', { name: 'Platform figures' });
  await expect(figures.getByRole('link', { name: /Orders today/ })).toBeVisible();
  await expect(figures.getByRole('link', { name: /Sellers waiting for verification/ })).toHaveAttribute(
    'href',
    '/admin/accounts?queue=verification',
  );
  await expect(figures.getByRole('link', { name: /Flagged payments/ })).toHaveAttribute('href', '/payments/review');
  await expect(figures.getByRole('link', { name: /Switched-off sections/ })).toHaveAttribute('href', '/admin/remotes');
  // Nothing runs off a 412 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await page.screenshot({ path: `${SHOTS}/admin-overview-412.png`, fullPage: true });
});

test('on the Admin pages the top bar says Admin, never the Farmer picker the demo signed in with', async ({ page }) => {
  await asAdmin(page);
  // The Overview: Accounts has a Role filter of its own.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Overview' })).toBeVisible();
  // Only Admin applies here: no picker (which said Farmer), the role as text (hidden on a phone's narrow bar).
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
  await expect(page.getByTestId('current-role')).toHaveText('Admin');
  await page.screenshot({ path: `${SHOTS}/admin-role-412.png` });
  // Off the console the picker is back, with the role picked before.
  await page.goto('/dashboard');
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('Farmer');
});

test('an Admin suspends an account: its open session ends and sign-in is refused; a restore lets the person back in', async ({
  page,
  browser,
  request,
}) => {
  const person = await createAccount(request, { firstName: 'Wekesa', lastName: `Suspendme${Date.now().toString(36)}`, roles: ['Buyer'] });
  const theirs = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
  await signIn(theirs, person);
  await theirs.goto('/orders');
  await expect(theirs.getByTestId('page-title')).toHaveText('My Orders');

  await asAdmin(page);
  await page.goto('/admin/accounts');
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill(person.lastName);
  const results = page.getByRole('list', { name: 'Accounts found' });
  await results.getByRole('button', { name: new RegExp(person.lastName) }).click();
  await page.getByRole('button', { name: 'Suspend', exact: true }).click();
  await giveReason(page, /^Suspend Wekesa/, 'Fake orders reported by sellers', 'Suspend');
  await expect(page.getByText(/Suspended on .*: Fake orders reported by sellers/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' })).toContainText('suspended this account');
  await page.screenshot({ path: `${SHOTS}/admin-account-suspended-412.png`, fullPage: true });

  // Their next page load finds the session ended and sends them to sign in, where they are refused.
  await theirs.reload();
  await expect(theirs).toHaveURL(/\/auth\/sign-in/);
  await signInWithForm(theirs, person.email, person.password);
  await expect(theirs.getByRole('alert')).toContainText('This account is suspended.');

  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await giveReason(page, /^Restore Wekesa/, 'Sellers withdrew the report', 'Restore');
  await expect(page.getByText(/Suspended on/)).toHaveCount(0);

  await theirs.goto('/auth/sign-in');
  await signInWithForm(theirs, person.email, person.password);
  await expect(theirs).not.toHaveURL(/\/auth\/sign-in/);
});

test('an Admin takes a listing down: it leaves the market, the seller is told why and cannot publish it; a restore brings it back', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Takedown kale ${stamp}`;
  const shop = await newSeller(request, `Shamba Kale ${stamp}`, 'Kiambu');
  await list(request, shop, { title, price: 90, stock: 40 });

  const shopper = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
  await shopper.goto(`/market?q=${encodeURIComponent(title)}`);
  await expect(shopper.getByRole('link', { name: title, exact: true }).first()).toBeVisible();

  await asAdmin(page);
  await page.goto('/admin/products');
  await page.getByRole('searchbox', { name: 'Search listings' }).fill(title);
  const listing = page.getByRole('article', { name: title });
  await listing.getByRole('button', { name: 'Take down' }).click();
  await giveReason(page, /^Take down Takedown kale/, 'Photos show another product', 'Take down');
  await expect(listing.getByText(/Taken down on .*: Photos show another product/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-product-taken-down-412.png`, fullPage: true });

  await shopper.goto(`/market?q=${encodeURIComponent(title)}`);
  await expect(shopper.getByRole('link', { name: title, exact: true })).toHaveCount(0);

  const seller = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
  await signIn(seller, shop.account);
  await seller.goto('/seller/products');
  // On a phone the list is cards, not table rows.
  const row = seller.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Taken down by an administrator');
  await expect(row).toContainText('Photos show another product');
  await expect(row.getByRole('button', { name: `Resume ${title}` })).toHaveCount(0);
  await seller.getByRole('button', { name: /^Notifications/ }).click();
  await expect(seller.getByRole('region', { name: 'Notifications' })).toContainText(`Your listing ${title} was taken down`);

  await listing.getByRole('button', { name: 'Restore' }).click();
  await giveReason(page, /^Restore Takedown kale/, 'Seller sent real photos', 'Restore');
  await shopper.goto(`/market?q=${encodeURIComponent(title)}`);
  await expect(shopper.getByRole('link', { name: title, exact: true }).first()).toBeVisible();
});
