import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';

// Issue 15, browser test 3: a planted crop's expected harvest is listed for pre-order from the farm
// pages, a buyer pre-orders it, and marking the crop harvested makes the paid pre-order ready to dispatch.

const API = 'http://localhost:3000';
const bearer = (a: TestAccount) => ({ authorization: `Bearer ${a.accessToken}` });

async function call<T>(
  request: APIRequestContext,
  who: TestAccount,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: object,
  headers = {},
) {
  const res = await request.fetch(`${API}${path}`, { method, headers: { ...bearer(who), ...headers }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { body: T }).body;
}

/** A farm in Nakuru with 1.5 ha of maize growing, expected at 3 t/ha, and the farmer's seller profile. */
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
  await call(request, farmer, 'POST', '/v1/crops', {
    farmId: farm.id,
    fieldId: field.id,
    seasonId: season.id,
    name: 'Maize',
    area: 1.5,
    plantedDate: '2026-03-15',
    expectedHarvest: '2027-01-20',
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
}

test('sell your harvest: list the expected harvest, a buyer pre-orders, harvest makes it ready to dispatch', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const farmer = await createAccount(request, { firstName: 'Amina', lastName: 'Wafula', roles: ['Farmer'] });
  await plantedFarm(request, farmer);

  // The farmer lists the expected harvest from the crops page.
  await signIn(page, farmer);
  await page.goto('/crops');
  await page.getByRole('button', { name: 'Sell this harvest: Maize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sell Maize harvest' });
  await expect(dialog.getByLabel(/^Quantity/)).toHaveValue('4500');
  await expect(dialog.getByLabel(/^Title/)).toHaveValue('Maize, expected harvest');
  await expect(dialog.getByLabel(/^Expected harvest date/)).toHaveValue('2027-01-20');
  await dialog.getByLabel(/^Price/).fill('48');
  await page.screenshot({ path: 'test-results/sell-harvest-form.png' });
  await dialog.getByRole('button', { name: 'List for pre-order' }).click();
  const listed = dialog.getByRole('link', { name: 'Maize, expected harvest' });
  await expect(listed).toBeVisible();
  await page.screenshot({ path: 'test-results/sell-harvest-listed.png' });
  const productId = (await listed.getAttribute('href'))!.split('/').pop()!;
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // A buyer, in a browser of their own, pre-orders 200 kg.
  const buyer = await createAccount(request, { firstName: 'Otieno', lastName: 'Buyer', roles: ['Buyer'] });
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await call(buyerContext.request, buyer, 'POST', '/v1/cart/items', { productId, quantity: 200 });
  const order = await call<{ id: string }>(
    buyerContext.request,
    buyer,
    'POST',
    '/v1/orders',
    {
      shipping: {
        firstName: 'Otieno',
        lastName: 'Buyer',
        email: buyer.email,
        phone: '0712 345 678',
        address: 'Oginga Odinga Street',
        city: 'Kisumu',
        state: 'Kisumu',
        postalCode: '40100',
      },
      delivery: 'standard',
      payment: { method: 'bank' },
    },
    { 'idempotency-key': randomUUID() },
  );
  type Part = { id: string; status: string; preorder: boolean };
  let parts = (await call<{ fulfilments: Part[] }>(request, buyer, 'GET', `/v1/orders/${order.id}`)).fulfilments;
  expect(parts).toEqual([expect.objectContaining({ status: 'awaiting_payment', preorder: true })]);

  // Until payments land, the seller marks it paid.
  await call(request, farmer, 'POST', `/v1/seller/sales/${parts[0]!.id}/mark-paid`);

  // Marking the crop harvested in the farm UI makes the paid pre-order ready to dispatch.
  await page.goto('/crops');
  await page.getByRole('button', { name: 'Update Maize' }).click();
  const edit = page.getByRole('dialog', { name: 'Update Crop' });
  await edit.getByLabel(/^Status/).selectOption('harvested');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sell this harvest: Maize' })).toHaveCount(0);

  parts = (await call<{ fulfilments: Part[] }>(request, buyer, 'GET', `/v1/orders/${order.id}`)).fulfilments;
  expect(parts).toEqual([expect.objectContaining({ status: 'ready_to_dispatch' })]);
  // The buyer's order page (its per-seller timeline is h-buyer-ui's; this shows what is merged here).
  await signIn(buyerPage, buyer);
  await buyerPage.goto(`/orders/${order.id}`);
  await expect(buyerPage.getByRole('heading', { level: 1 })).toBeVisible();
  await buyerPage.screenshot({ path: 'test-results/sell-harvest-buyer-order.png' });
  // The listing is now normal stock with what is left.
  const product = await call<{ stockQuantity: number }>(request, buyer, 'GET', `/v1/products/${productId}`);
  expect(product.stockQuantity).toBe(4300);
  await buyerContext.close();
});
