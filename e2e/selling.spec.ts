import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn } from './support/auth';
import { fillShipping, payByBankTransfer } from './support/market';

// A real 1×1 PNG: sharp must accept it as a photo.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(test.info().outputDir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function becomeSeller(page: Page, businessName: string) {
  await page.goto('/seller/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Become a seller' })).toBeVisible();
  await page.getByLabel(/^Business name/).fill(businessName);
  await page.getByLabel(/^County/).selectOption('Kiambu');
  await page.getByLabel(/^Phone/).fill('0712 345 678');
  await page.getByLabel(/^Pick-up location/).fill('Limuru market gate');
  await shoot(page, 'seller-become');
  await page.getByRole('button', { name: 'Become a seller' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your storefront' })).toHaveAttribute('href', /^\/market\/seller\/.+/);
}

/** Lists a product through the form and lands on its edit page, where photos are added. */
async function listProduct(page: Page, title: string) {
  await page.goto('/seller/products');
  await expect(page.getByRole('heading', { level: 1, name: 'My Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page).toHaveURL(/\/seller\/products\/new$/);
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Price/).fill('120');
  await page.getByLabel(/^Stock/).fill('50');
  await page.getByLabel(/^Weight per unit/).fill('1');
  await shoot(page, 'seller-product-new');
  await page.getByRole('button', { name: 'List product' }).click();
  await expect(page).toHaveURL(/\/seller\/products\/[^/]+\?created=1$/);
  await expect(page.getByLabel('Add a photo')).toBeVisible();
}

test.describe('selling', () => {
  test('a farmer becomes a seller and lists a product with a photo; a buyer orders it; the seller accepts and dispatches it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const title = `Managu greens ${stamp}`;
    const farmer = await createAccount(request, { firstName: 'Njeri', lastName: 'Mwangi', roles: ['Farmer'] });
    await signIn(page, farmer);
    await becomeSeller(page, `Njeri Greens ${stamp}`);
    await shoot(page, 'seller-profile');
    await listProduct(page, title);

    await page.getByLabel('Add a photo').setInputFiles({ name: 'managu.png', mimeType: 'image/png', buffer: PNG });
    const photos = page.getByRole('list', { name: 'Photos' });
    await expect(photos.getByRole('img')).toHaveCount(1);
    await expect(photos.getByRole('img')).toHaveAttribute('src', /\/static\/uploads\/.+-400\.webp$/);
    await shoot(page, 'seller-product-edit');

    await page.goto('/seller/products');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(/Ksh\s?120/);
    await expect(row.locator('img')).toBeVisible();
    await shoot(page, 'seller-products');

    // The buyer, in a browser of their own.
    const buyerPage = await (await browser.newContext()).newPage();
    const buyer = await createAccount(request, { firstName: 'Otieno', lastName: 'Ouma', roles: ['Buyer'] });
    await signIn(buyerPage, buyer);
    await buyerPage.goto(`/market?q=${encodeURIComponent(`Managu ${stamp}`)}`);
    await buyerPage.getByRole('link', { name: title, exact: true }).first().click();
    await expect(buyerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await buyerPage.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(buyerPage).toHaveURL(/\/cart$/);
    await buyerPage.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await fillShipping(buyerPage);
    await buyerPage.getByRole('button', { name: 'Continue to Payment' }).click();
    await payByBankTransfer(buyerPage);
    await buyerPage.getByRole('button', { name: 'Review Order' }).click();
    await buyerPage.getByRole('button', { name: 'Place Order' }).click();
    await expect(buyerPage.getByText('Order placed successfully!')).toBeVisible();
    await buyerPage.goto('/orders');
    const orderRow = buyerPage.getByRole('row').filter({ hasText: /SS-\d+/ });
    await expect(orderRow).toHaveCount(1);
    const orderNumber = /SS-\d+/.exec(await orderRow.innerText())?.[0] ?? '';
    await orderRow.getByRole('link').click();
    await expect(buyerPage).toHaveURL(/\/orders\/[^/]+$/);
    const orderUrl = buyerPage.url();

    // The seller's Sales: mark paid (until payments land), accept, dispatch with a note.
    await page.goto('/seller/sales');
    const sale = page.getByRole('listitem', { name: `Order ${orderNumber}` });
    await expect(sale).toContainText('Awaiting payment');
    await expect(sale).toContainText('Otieno Ouma');
    await expect(sale).toContainText(title);
    await shoot(page, 'seller-sales');
    // The buyer's order page: the order's status (it follows its parts: accepted still reads Paid,
    // dispatched reads Shipped) and this seller's timeline, one entry per step.
    const timeline = buyerPage.getByTestId('fulfilment').getByRole('list', { name: 'Timeline' });
    const buyerSees = async (status: string, steps: string[]) => {
      await buyerPage.goto(orderUrl);
      await expect(buyerPage.getByText(status, { exact: true }).first()).toBeVisible();
      await expect(timeline.getByRole('listitem')).toHaveCount(steps.length);
      for (const [i, label] of steps.entries()) await expect(timeline.getByRole('listitem').nth(i)).toContainText(label);
    };
    const step = async (button: string, status: string, buyerStatus: string, steps: string[]) => {
      await sale.getByRole('button', { name: button, exact: true }).click();
      await expect(sale).toContainText(status);
      await buyerSees(buyerStatus, steps);
    };
    await buyerSees('Pending payment', ['Awaiting payment']);
    await step('Mark paid', 'Paid', 'Paid', ['Awaiting payment', 'Paid']);
    await step('Accept', 'Accepted', 'Paid', ['Awaiting payment', 'Paid', 'Accepted']);
    await sale.getByRole('button', { name: 'Dispatch', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Dispatch order ${orderNumber}` });
    await dialog.getByLabel('Dispatch note').fill('On the 2 pm matatu to Nakuru');
    await dialog.getByRole('button', { name: 'Dispatch' }).click();
    await expect(sale).toContainText('Dispatched');
    await expect(sale).toContainText('On the 2 pm matatu to Nakuru');
    await buyerSees('Shipped', ['Awaiting payment', 'Paid', 'Accepted', 'Dispatched']);
    await expect(timeline).toContainText('On the 2 pm matatu to Nakuru');
    await buyerPage.screenshot({ path: path.join(test.info().outputDir, 'buyer-order-dispatched.png'), fullPage: true });

    // The stock the sale took shows in Inventory.
    await page.goto('/seller/inventory');
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    await page.getByLabel(/^Product/).selectOption({ label: `${title} (49 in stock)` });
    await page.getByLabel(/^Change/).fill('10');
    await page.getByLabel('Note').fill('Second picking');
    await page.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(page.getByRole('status')).toContainText(`Stock of ${title} raised by 10.`);
    await expect(page.getByRole('row').filter({ hasText: 'Second picking' })).toContainText('59');
    await shoot(page, 'seller-inventory');
  });

  test('a text file renamed .jpg and a photo over 8 MB each get a clear message, and no photo is stored', async ({ page, request }) => {
    const farmer = await createAccount(request, { roles: ['Farmer'] });
    await signIn(page, farmer);
    await becomeSeller(page, `Amina Farm ${Date.now().toString(36)}`);
    await listProduct(page, `Cowpeas ${Date.now().toString(36)}`);
    const input = page.getByLabel('Add a photo');
    const photos = page.getByRole('list', { name: 'Photos' });

    await input.setInputFiles({ name: 'harvest.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a photo.\n') });
    await expect(page.getByRole('alert')).toContainText('This file is not a photo');
    await expect(photos.getByRole('img')).toHaveCount(0);

    const big = Buffer.alloc(8 * 1024 * 1024 + 1024);
    PNG.copy(big);
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await expect(page.getByRole('alert')).toContainText('Photos must be at most 8 MB');
    await expect(photos.getByRole('img')).toHaveCount(0);

    // Nothing reached the listing on the server either.
    await page.reload();
    await expect(page.getByText('No photos yet.', { exact: false })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(0);
  });
});
