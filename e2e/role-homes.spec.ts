import { expect, test } from '@playwright/test';
import { createAccount, signIn, signInWithForm, uniqueEmail } from './support/auth';
import { placeOrder } from './support/orders';
import { call, list, newSeller } from './support/sellers';

// Issue 39: every role has a home. A Buyer-only account lands on the Buyer Overview and never meets the
// farm dashboard or Add Farm; a Supplier sees its own order on the Seller Overview; a Retailer reorders
// from its Suppliers; a Farmer keeps the farm dashboard. On a 412 × 915 phone, as the spec's people use it.

test.use({ viewport: { width: 412, height: 915 } });

test('a Buyer-only account lands on its Buyer home after signing in, and /dashboard sends it there', async ({ page, request }) => {
  const buyer = await createAccount(request, { email: uniqueEmail('buyer'), firstName: 'Njeri', lastName: 'Mutua', roles: ['Buyer'] });

  await page.goto('/auth/sign-in');
  await signInWithForm(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/buyer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer Overview' })).toBeVisible();
  await expect(page.getByText('No orders in flight.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the Marketplace' })).toHaveAttribute('href', '/market');

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/buyer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer Overview' })).toBeVisible();
  await expect(page.getByText('Farmer Overview')).toHaveCount(0);
  await expect(page.getByText('Add Farm')).toHaveCount(0);

  // The menu's Overview is the Buyer's home; nothing of the farm is offered.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/buyer');
  await expect(menu.locator('a[href="/dashboard"]')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Farms' })).toHaveCount(0);
});

test('a Supplier sees its own order to accept and its takings on the Seller home', async ({ page, request }) => {
  const supplier = await createAccount(request, {
    email: uniqueEmail('supplier'),
    firstName: 'Baraka',
    lastName: 'Agrovet',
    roles: ['Supplier'],
  });
  const tag = Date.now().toString(36);
  const shopName = `Baraka Agrovet ${tag}`;
  await call(request, supplier, 'PUT', '/v1/seller/profile', {
    businessName: shopName,
    kind: 'agrovet',
    county: 'Kiambu',
    phone: '0712 345 678',
    pickupLocation: 'Kiambu town, stall 9',
  });
  const shop = { account: supplier, name: shopName, sellerId: '' };
  const productId = await list(request, shop, { title: `DAP fertiliser ${tag}`, category: 'supplies', unit: 'kg', price: 350, stock: 6 });
  const buyer = await createAccount(request, { email: uniqueEmail('buyer'), firstName: 'Wanjiku', lastName: 'Kamau', roles: ['Buyer'] });
  const order = await placeOrder(request, buyer, [{ productId, quantity: 2 }]);
  // A bank transfer is confirmed by the seller (Mark paid): the part then waits to be accepted.
  await call(request, supplier, 'POST', `/v1/seller/sales/${order.fulfilments[0]!.id}/mark-paid`, {});

  await signIn(page, supplier);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/seller$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Overview' })).toBeVisible();
  await expect(page.getByText(shopName, { exact: true })).toBeVisible();
  const toAccept = page.getByTestId('sales-to-accept');
  await expect(toAccept.getByRole('link', { name: new RegExp(order.number) })).toHaveAttribute('href', '/seller/sales');
  await expect(toAccept).toContainText('Wanjiku Kamau');
  await expect(page.getByRole('link', { name: /Sales this week/ })).toContainText('1 sale');
  // 6 listed, 2 ordered: 4 left, so it is low on stock.
  await expect(page.getByRole('link', { name: new RegExp(`DAP fertiliser ${tag}.*4 kg left`) })).toBeVisible();
  await expect(page.getByText('Add Farm')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('seller-home-phone.png'), fullPage: true });
});

test('a Farmer keeps the farm dashboard as its home', async ({ page, request }) => {
  const farmer = await createAccount(request, { firstName: 'Kipchoge', lastName: 'Rotich', roles: ['Farmer'] });
  await page.goto('/auth/sign-in');
  await signInWithForm(page, farmer.email, farmer.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('page-title')).toHaveText('Farmer Overview');
  await expect(page.getByTestId('dashboard-role')).toHaveText('Your farms at a glance');
  await expect(page.getByRole('button', { name: 'Add Farm' }).first()).toBeVisible();
});

test('a Retailer lands on its Seller home and reorders from a supplier', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const shop = await newSeller(request, `Wambui Greens ${tag}`, 'Kiambu');
  const productId = await list(request, shop, { title: `Sukuma wiki ${tag}`, price: 60, stock: 200 });
  const retailer = await createAccount(request, {
    email: uniqueEmail('retailer'),
    firstName: 'Zawadi',
    lastName: 'Duka',
    roles: ['Retailer'],
  });
  const order = await placeOrder(request, retailer, [{ productId, quantity: 20 }]);
  await call(request, shop.account, 'POST', `/v1/seller/sales/${order.fulfilments[0]!.id}/mark-paid`, {});

  await page.goto('/auth/sign-in');
  await signInWithForm(page, retailer.email, retailer.password);
  await expect(page).toHaveURL(/\/seller$/);
  await expect(page.getByText('You have no shop yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Suppliers' }).click();
  await expect(page).toHaveURL(/\/buyer\/suppliers$/);
  const supplier = page.getByRole('listitem', { name: shop.name });
  await expect(supplier).toContainText('Kiambu · 1 order');
  await expect(supplier.getByRole('link', { name: 'Visit shop' })).toHaveAttribute('href', `/market/seller/${shop.sellerId}`);
  await supplier.getByRole('button', { name: `Reorder from ${shop.name}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(`Sukuma wiki ${tag}`).first()).toBeVisible();
});
