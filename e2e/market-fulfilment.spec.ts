import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { fillShipping, payByBankTransfer } from './support/market';
import { call, list, newSeller, saleOf, type Shop } from './support/sellers';

// Issue 15, browser tests 2 and 4: one checkout from two sellers gives two fulfilments, each moved on
// by its own seller; a buyer cancels before dispatch and the stock returns.

const SHOTS = process.env.SHOTS_DIR ?? '';

/** Each seller finds their part of the order in Sales and takes the steps, as the Sales page does. */
async function sellerActs(request: APIRequestContext, shop: Shop, orderId: string, actions: string[]) {
  const sale = await saleOf(request, shop, orderId);
  for (const action of actions) {
    await call(
      request,
      shop.account,
      'POST',
      `/v1/seller/sales/${sale.id}/${action}`,
      action === 'dispatch' ? { note: 'With the Nakuru matatu' } : {},
    );
  }
}

async function checkout(page: Page, county: string) {
  await page.goto('/checkout');
  await fillShipping(page);
  await page.getByLabel(/^County/).selectOption(county);
  await expect(page.getByTestId('delivery-per-seller')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await payByBankTransfer(page);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
}

async function latestOrderId(request: APIRequestContext, buyer: TestAccount): Promise<string> {
  const orders = await call<Array<{ id: string }>>(request, buyer, 'GET', '/v1/orders');
  return orders[0]!.id;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [label, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const part = (page: Page, seller: string) =>
  page.getByTestId('fulfilment').filter({ has: page.getByRole('heading', { name: `From ${seller}` }) });

test.describe('a market with many sellers', () => {
  test('one checkout from two sellers gives two parts, each moved on by its own seller', async ({ page, request }) => {
    const tag = Date.now().toString(36);
    const nakuru = await newSeller(request, `Rongai Fresh ${tag}`, 'Nakuru');
    const meru = await newSeller(request, `Meru Hills ${tag}`, 'Meru');
    const potatoes = await list(request, nakuru, { title: `Shangi Potatoes ${tag}`, price: 80, stock: 50 });
    const avocados = await list(request, meru, { title: `Hass Avocados ${tag}`, price: 30, stock: 40 });
    await list(request, meru, { title: `Tractor Ploughing ${tag}`, category: 'services', unit: 'acre', price: 3500, stock: 0 });

    const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Wanjiku', lastName: 'Kamau' });
    await call(request, buyer, 'POST', '/v1/cart/items', { productId: potatoes, quantity: 3 });
    await call(request, buyer, 'POST', '/v1/cart/items', { productId: avocados, quantity: 10 });
    await signIn(page, buyer);

    // The storefront, and the product pages of a product and a service.
    await page.goto(`/market/seller/${meru.sellerId}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(meru.name) })).toBeVisible();
    await expect(page.getByRole('link', { name: /^WhatsApp / })).toHaveAttribute('href', /^https:\/\/wa\.me\/254733000111/);
    await expect(page.getByRole('link', { name: `Hass Avocados ${tag}`, exact: true })).toBeVisible();
    await shoot(page, 'storefront');
    await page.getByRole('link', { name: `Tractor Ploughing ${tag}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Request this service' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0);
    await shoot(page, 'product-service');
    await page.goto(`/market/item?itemId=${avocados}`);
    await expect(page.getByText('In stock · 40 available')).toBeVisible();
    await expect(page.getByRole('link', { name: `Visit ${meru.name}'s shop` })).toHaveAttribute('href', `/market/seller/${meru.sellerId}`);
    await shoot(page, 'product');

    // Checkout in Nakuru: the Nakuru seller's fee is the base, Meru's carries the distance.
    await page.goto('/checkout');
    await fillShipping(page);
    const perSeller = page.getByTestId('delivery-per-seller');
    await expect(perSeller).toContainText(`${nakuru.name} (Nakuru)`);
    await expect(perSeller).toContainText(`${meru.name} (Meru)`);
    // Same county: the spec's 350. Nakuru → Meru is another region: 350 + 400 (10 kg, no weight step).
    await expect(perSeller.locator(':scope > div').filter({ hasText: nakuru.name })).toContainText('Ksh 350');
    await expect(perSeller.locator(':scope > div').filter({ hasText: meru.name })).toContainText('Ksh 750');
    await expect(page.getByTestId('order-total')).toContainText('1,640');
    await shoot(page, 'checkout');
    await checkout(page, 'Nakuru');

    const orderId = await latestOrderId(request, buyer);
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByTestId('fulfilment')).toHaveCount(2);
    await expect(part(page, nakuru.name)).toContainText('Awaiting payment');
    await expect(part(page, meru.name)).toContainText('Awaiting payment');

    // Each seller moves only their own part.
    await sellerActs(request, nakuru, orderId, ['mark-paid', 'accept', 'dispatch']);
    await sellerActs(request, meru, orderId, ['mark-paid']);
    await page.reload();
    await expect(part(page, nakuru.name).getByRole('list', { name: 'Timeline' })).toContainText('Dispatched');
    await expect(part(page, nakuru.name)).toContainText('With the Nakuru matatu');
    await expect(part(page, nakuru.name).getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    const meruTimeline = part(page, meru.name).getByRole('list', { name: 'Timeline' });
    await expect(meruTimeline).toContainText('Paid');
    await expect(meruTimeline).not.toContainText('Dispatched');
    await expect(part(page, meru.name).getByRole('button', { name: `Cancel the part from ${meru.name}` })).toBeVisible();
    await shoot(page, 'order');

    await page.goto('/orders');
    await expect(page.getByRole('list', { name: "Each seller's part" }).first()).toContainText(`${nakuru.name}: Dispatched`);
  });

  test('a buyer cancels before dispatch, and the stock returns', async ({ page, request }) => {
    const tag = Date.now().toString(36);
    const shop = await newSeller(request, `Kiambu Greens ${tag}`, 'Kiambu');
    const kale = await list(request, shop, { title: `Sukuma Wiki ${tag}`, price: 40, stock: 20, unit: 'kg' });
    const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Achieng', lastName: 'Odhiambo' });
    await call(request, buyer, 'POST', '/v1/cart/items', { productId: kale, quantity: 5 });
    await signIn(page, buyer);
    await checkout(page, 'Kiambu');

    await page.goto(`/market/item?itemId=${kale}`);
    await expect(page.getByText('In stock · 15 available')).toBeVisible();

    const orderId = await latestOrderId(request, buyer);
    await sellerActs(request, shop, orderId, ['mark-paid', 'accept']);
    await page.goto(`/orders/${orderId}`);
    const mine = part(page, shop.name);
    await expect(mine).toContainText('Accepted');
    await mine.getByRole('button', { name: `Cancel the part from ${shop.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this part' });
    await dialog.getByLabel(/^Reason/).fill('Ordered twice by mistake');
    await dialog.getByRole('button', { name: 'Cancel this part' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(mine.getByRole('list', { name: 'Timeline' })).toContainText('Cancelled');
    await expect(mine).toContainText('Ordered twice by mistake');
    await expect(mine.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    await page.goto(`/market/item?itemId=${kale}`);
    await expect(page.getByText('In stock · 20 available')).toBeVisible();
  });
});
