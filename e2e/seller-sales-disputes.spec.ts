import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, signIn, uniqueEmail, type TestAccount } from './support/auth';
import { placeOrder, sellerMoves } from './support/orders';
import { call, list, newSeller, type Shop } from './support/sellers';

// Issue 43, lists in one round trip: a seller's Sales page shows each delivered sale's dispute from
// the sales list itself; it no longer asks the API once per delivered sale.

test.use({ viewport: { width: 412, height: 915 } });

/** A bank-transfer order of one unit, placed through the API, taken to delivered by its seller; answers the order and its part. */
async function deliveredSale(request: APIRequestContext, buyer: TestAccount, shop: Shop, productId: string) {
  const order = await placeOrder(request, buyer, [{ productId, quantity: 1 }]);
  const partId = order.fulfilments[0]!.id;
  await sellerMoves(request, shop, partId);
  return { order, partId };
}

test('the Sales page shows the delivered sales’ disputes without a request per sale', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const shop = await newSeller(request, `Achieng Greens ${tag}`, 'Kiambu');
  const kale = await list(request, shop, { title: `Sukuma Wiki ${tag}`, price: 300, stock: 50 });
  const buyer = await createAccount(request, { email: uniqueEmail('buyer'), firstName: 'Njeri', lastName: 'Mutua', roles: ['Buyer'] });
  const sales = [];
  for (let i = 0; i < 4; i += 1) sales.push(await deliveredSale(request, buyer, shop, kale));
  // The buyer reports a problem with the second one.
  const disputed = sales[1]!;
  await call(request, buyer, 'POST', `/v1/orders/${disputed.order.id}/fulfilments/${disputed.partId}/dispute`, {
    reason: 'damaged',
    note: `Leaves wilted ${tag}`,
  });

  const apiCalls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/v1/seller/sales')) apiCalls.push(`${req.method()} ${url.pathname}`);
  });
  await signIn(page, shop.account);
  await page.goto('/seller/sales');
  await page.getByLabel('Show').selectOption('all');

  const reported = page.getByRole('listitem', { name: `Order ${disputed.order.number}` });
  const panel = reported.getByTestId('sale-dispute');
  await expect(panel).toContainText('The buyer reported a problem');
  await expect(panel).toContainText(`Leaves wilted ${tag}`);
  for (const other of sales.filter((s) => s !== disputed)) {
    const item = page.getByRole('listitem', { name: `Order ${other.order.number}` });
    await expect(item).toBeVisible();
    await expect(item.getByTestId('sale-dispute')).toHaveCount(0);
  }
  expect(apiCalls.filter((c) => c.endsWith('/dispute'))).toEqual([]);
  expect(apiCalls.every((c) => c === 'GET /v1/seller/sales')).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

  // Answering refreshes the list, which brings the answer back with the dispute.
  await panel.getByLabel(/^Answer/).fill('Cut the same morning and kept in the shade');
  await panel.getByRole('button', { name: 'Send answer' }).click();
  await expect(panel).toContainText('Your answer');
  await expect(panel).toContainText('kept in the shade');
  expect(apiCalls.filter((c) => c.startsWith('GET') && c.endsWith('/dispute'))).toEqual([]);
});
