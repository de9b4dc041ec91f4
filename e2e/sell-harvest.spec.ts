import { type APIRequestContext, expect, test } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { CONFIRMATION_URL, fillShipping, payByBankTransfer } from './support/market';

// Issue 15, browser test 3, and issue 42: on a phone, a planted crop's expected harvest is listed for
// pre-order from the Crops page (in 90 kg bags: the quantity follows the unit); a buyer sees it as a
// pre-order with its harvest date on the card, the product page, the cart and checkout, and agrees to
// it before paying; marking the crop harvested makes the paid pre-order ready to dispatch.

const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE });

const API = 'http://localhost:3000';
const bearer = (a: TestAccount) => ({ authorization: `Bearer ${a.accessToken}` });
const PREORDER = 'Pre-order · harvest expected 28 Feb 2027 · delivery after harvest';

async function call<T>(
  request: APIRequestContext,
  who: TestAccount,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  data?: object,
) {
  const res = await request.fetch(`${API}${path}`, { method, headers: bearer(who), ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { body: T }).body;
}

/** A farm in Nakuru with 1.5 ha of maize growing, expected at 3 t/ha on 28 Feb 2027, and the farmer's seller profile. */
async function plantedFarm(request: APIRequestContext, farmer: TestAccount) {
  const farm = await call<{ id: string }>(request, farmer, 'POST', '/v1/farms', {
    name: 'Harvest Farm',
    location: 'Molo, Nakuru',
    totalSize: 5,
    owner: 'Amina',
  });
  const field = await call<{ id: string }>(request, farmer, 'POST', `/v1/farms/${farm.id}/fields`, {
    name: 'River Block',
    size: 2,
    cropType: 'Maize',
  });
  const season = await call<{ id: string }>(request, farmer, 'POST', '/v1/seasons', {
    farmId: farm.id,
    name: 'Long Rains',
    cropType: 'Maize',
    startDate: '2026-03-01',
    endDate: '2027-08-31',
    status: 'active',
  });
  const crop = await call<{ id: string }>(request, farmer, 'POST', '/v1/crops', {
    farmId: farm.id,
    fieldId: field.id,
    seasonId: season.id,
    name: 'Maize',
    area: 1.5,
    plantedDate: '2026-03-15',
    expectedHarvest: '2027-02-28',
    yieldPerHectare: 3,
    status: 'growing',
  });
  await call(request, farmer, 'PUT', '/v1/seller/profile', {
    businessName: 'Amina Harvest Shop',
    kind: 'farmer',
    county: 'Nakuru',
    phone: '0712 345 678',
    pickupLocation: 'Molo market',
  });
  return { cropId: crop.id };
}

test('sell your harvest on a phone: list it in bags from the Crops page, a buyer agrees to the pre-order, harvest makes it ready', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const title = `Maize, expected harvest ${stamp}`;
  const farmer = await createAccount(request, { firstName: 'Amina', lastName: 'Wafula', roles: ['Farmer'] });
  const { cropId } = await plantedFarm(request, farmer);

  // The farmer lists the expected harvest from the Crops page's compact row (the phone's list).
  await signIn(page, farmer);
  await page.goto('/crops');
  await page.getByRole('list', { name: 'Crops' }).getByRole('button', { name: 'Sell this harvest: Maize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sell Maize harvest' });
  const quantity = dialog.getByLabel(/^Quantity/);
  await expect(quantity).toHaveValue('4500');
  await expect(dialog.getByLabel(/^Expected harvest date/)).toHaveValue('2027-02-28');
  await dialog.getByLabel(/^Title/).fill(title);
  // 4,500 kg are 50 bags of 90 kg, not 4,500 bags; a bag weighs 90 kg.
  await dialog.getByLabel(/^Unit/).selectOption({ label: '90 kg bag' });
  await expect(quantity).toHaveValue('50');
  await expect(dialog.getByText('One 90 kg bag weighs 90 kg')).toBeVisible();
  await dialog.getByLabel(/^Price/).fill('4000');
  await page.screenshot({ path: 'test-results/sell-harvest-form-412.png' });
  await dialog.getByRole('button', { name: 'List for pre-order' }).click();
  const listed = dialog.getByRole('link', { name: title });
  await expect(listed).toBeVisible();
  const href = (await listed.getAttribute('href'))!;
  expect(href).toMatch(/^\/market\/item\?itemId=/);
  const productId = new URL(href, 'http://localhost').searchParams.get('itemId')!;
  const listing = await call<{ unit: string; stock: number; weightKg: number }>(request, farmer, 'GET', `/v1/seller/products/${productId}`);
  expect(listing).toMatchObject({ unit: 'bag_90kg', stock: 50, weightKg: 90 });
  // The link opens the listing, not a 404.
  await listed.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A buyer, on a phone of their own, finds it as a pre-order everywhere before paying.
  const buyer = await createAccount(request, { firstName: 'Otieno', lastName: 'Buyer', roles: ['Buyer'] });
  const buyerContext = await browser.newContext({ viewport: PHONE });
  const buyerPage = await buyerContext.newPage();
  await signIn(buyerPage, buyer);
  await buyerPage.goto(`/market?q=${encodeURIComponent(`Maize ${stamp}`)}`);
  const card = buyerPage.getByRole('article').filter({ has: buyerPage.getByRole('link', { name: title, exact: true }) });
  await expect(card).toContainText(PREORDER);
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(buyerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyerPage.getByText(PREORDER)).toBeVisible();
  await expect(buyerPage.getByText(/In stock/)).toHaveCount(0);
  await expect(buyerPage.getByText(/business days/)).toHaveCount(0);
  await buyerPage.screenshot({ path: 'test-results/sell-harvest-product-412.png' });
  await buyerPage.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await expect(buyerPage).toHaveURL(/\/cart$/);
  await expect(buyerPage.getByRole('listitem').filter({ hasText: title })).toContainText(PREORDER);
  await buyerPage.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(buyerPage.getByText(PREORDER)).toBeVisible();
  await fillShipping(buyerPage);
  await buyerPage.getByRole('button', { name: 'Continue to Payment' }).click();
  await payByBankTransfer(buyerPage);
  await buyerPage.getByRole('button', { name: 'Review Order' }).click();
  const agree = buyerPage.getByRole('checkbox', { name: 'I agree: my pre-order is paid now and delivered after the harvest' });
  await expect(agree).not.toBeChecked();
  await buyerPage.getByRole('button', { name: /^Place Order/ }).click();
  await expect(buyerPage.getByText('Tick the box to agree to the pre-order before paying.')).toBeVisible();
  await expect(buyerPage).toHaveURL(/\/checkout/);
  await buyerPage.screenshot({ path: 'test-results/sell-harvest-checkout-412.png' });
  await agree.check();
  await buyerPage.getByRole('button', { name: /^Place Order/ }).click();
  await expect(buyerPage).toHaveURL(CONFIRMATION_URL);
  const orderId = /\/orders\/([^/]+)\/confirmation$/.exec(buyerPage.url())![1]!;

  type Part = { id: string; status: string; preorder: boolean };
  let parts = (await call<{ fulfilments: Part[] }>(request, buyer, 'GET', `/v1/orders/${orderId}`)).fulfilments;
  expect(parts).toEqual([expect.objectContaining({ status: 'awaiting_payment', preorder: true })]);

  // Until payments land, the seller marks it paid; then the crop is harvested.
  await call(request, farmer, 'POST', `/v1/seller/sales/${parts[0]!.id}/mark-paid`);
  await call(request, farmer, 'PATCH', `/v1/crops/${cropId}`, { status: 'harvested' });
  await page.goto('/crops');
  await expect(page.getByRole('list', { name: 'Crops' }).getByText('Maize')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sell this harvest: Maize' })).toHaveCount(0);

  parts = (await call<{ fulfilments: Part[] }>(request, buyer, 'GET', `/v1/orders/${orderId}`)).fulfilments;
  expect(parts).toEqual([expect.objectContaining({ status: 'ready_to_dispatch' })]);
  // The listing is now normal stock with what is left: 50 bags less the one pre-ordered.
  const product = await call<{ stockQuantity: number }>(request, buyer, 'GET', `/v1/products/${productId}`);
  expect(product.stockQuantity).toBe(49);
  await buyerContext.close();
});
