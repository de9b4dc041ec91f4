import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, createAccount, loginAccount, signIn, uniqueEmail, type TestAccount } from './support/auth';
import { partOf as partIn, placeOrder, sellerMoves, type PlacedOrder } from './support/orders';
import { call, list, newSeller, type Shop } from './support/sellers';
import { runScheduledJob } from './support/stack';

// Issue 40, after delivery: a buyer confirms one delivered part (its seller is paid), reports a problem
// with another (reason, note, photo), that seller answers on the sale, an Admin refunds part of it from
// Management › Disputes, and the buyer reads the decision. Then the operator's job clock releases a
// part nobody confirmed once RELEASE_AFTER_DAYS (3 by default) have passed.

test.use({ viewport: { width: 412, height: 915 } });

const DAY = 24 * 60 * 60 * 1000;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The seller marks the bank transfer paid, accepts, dispatches and delivers their part. */
async function deliver(request: APIRequestContext, shop: Shop, order: PlacedOrder) {
  const part = partIn(order, shop);
  await sellerMoves(request, shop, part.id);
  return part.id;
}

/** A bank-transfer order of two of each listing, placed through the API as `buyer`. */
const orderTwoOfEach = (request: APIRequestContext, buyer: TestAccount, productIds: string[]) =>
  placeOrder(
    request,
    buyer,
    productIds.map((productId) => ({ productId, quantity: 2 })),
  );

const partOf = (page: Page, seller: string) =>
  page.getByTestId('fulfilment').filter({ has: page.getByRole('heading', { name: `From ${seller}` }) });

test('a buyer confirms one part, disputes another; the seller answers, an Admin refunds part of it', async ({ page, browser, request }) => {
  const tag = Date.now().toString(36);
  const kamau = await newSeller(request, `Kamau Greens ${tag}`, 'Kiambu');
  const wafula = await newSeller(request, `Wafula Eggs ${tag}`, 'Kiambu');
  const kale = await list(request, kamau, { title: `Sukuma Wiki ${tag}`, price: 500, stock: 20 });
  const eggs = await list(request, wafula, { title: `Kienyeji Eggs ${tag}`, price: 600, stock: 20, unit: 'crate' });
  const buyer = await createAccount(request, { email: uniqueEmail('buyer'), firstName: 'Njeri', lastName: 'Mutua', roles: ['Buyer'] });
  const order = await orderTwoOfEach(request, buyer, [kale, eggs]);
  await deliver(request, kamau, order);
  const eggsPart = await deliver(request, wafula, order);

  // The buyer confirms Kamau's part: the seller is paid once the buyer confirms.
  await signIn(page, buyer);
  await page.goto(`/orders/${order.id}`);
  const greens = partOf(page, kamau.name);
  await expect(greens).toContainText('The seller is paid once you confirm');
  await greens.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(greens).toContainText('You confirmed this delivery.');
  await expect(greens.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0);
  // The order's page has no market frame, and still shows the toast the action earned, in its live region.
  const toasts = page.locator('[aria-live="polite"]');
  await expect(toasts.getByText(`Delivery from ${kamau.name} confirmed`)).toBeVisible();
  await toasts.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toasts.getByText(`Delivery from ${kamau.name} confirmed`)).toHaveCount(0);
  const kamauBalance = await call<{ available: number }>(request, kamau.account, 'GET', '/v1/seller/balance');
  expect(kamauBalance.available).toBeGreaterThan(0);

  // And reports a problem with Wafula's: a reason, a note and a photo.
  const eggsCard = partOf(page, wafula.name);
  await eggsCard.getByRole('button', { name: 'Report a problem' }).click();
  const report = page.getByRole('dialog', { name: 'Report a problem' });
  await report.getByLabel('What went wrong').selectOption('damaged');
  await report.getByLabel(/^What happened/).fill('Four of the eggs were cracked');
  await report.getByLabel(/^Photos/).setInputFiles({ name: 'eggs.png', mimeType: 'image/png', buffer: PNG });
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report).toHaveCount(0);
  await expect(toasts.getByText('Problem reported. The seller is asked to answer.')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/order-page-toast-412.png' });
  const dispute = eggsCard.getByTestId('dispute');
  await expect(dispute).toContainText('Open');
  await expect(dispute).toContainText('Four of the eggs were cracked');
  // A photo has no alt text of its own (the list names it), so it is found as an element, not by role.
  await expect(dispute.getByRole('list', { name: 'Your photos' }).locator('img')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

  // The seller reads it on the sale and answers.
  const sellerPage = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
  await signIn(sellerPage, wafula.account);
  await sellerPage.goto('/seller/sales');
  await sellerPage.getByLabel('Show').selectOption('all');
  const sale = sellerPage.getByRole('listitem', { name: `Order ${order.number}` });
  const panel = sale.getByTestId('sale-dispute');
  await expect(panel).toContainText('The buyer reported a problem');
  await expect(panel).toContainText('Four of the eggs were cracked');
  await panel.getByLabel(/^Answer/).fill('Packed in trays with straw; the boda rider dropped a crate');
  await panel.getByRole('button', { name: 'Send answer' }).click();
  await expect(panel).toContainText('Your answer');
  await expect(panel).toContainText('the boda rider dropped a crate');
  await expect(sellerPage.locator('[aria-live="polite"]').getByText('Answer sent')).toBeVisible();

  // An Admin refunds part of it from Management › Disputes.
  const adminPage = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
  await signIn(adminPage, await loginAccount(request, DEMO.email, DEMO.password));
  await adminPage.goto('/admin/disputes');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  const card = adminPage.getByRole('article', { name: `Dispute on order ${order.number}` });
  await expect(card).toContainText('Njeri Mutua against');
  await expect(card).toContainText('the boda rider dropped a crate');
  await card.getByRole('button', { name: 'Decide' }).click();
  const decide = adminPage.getByRole('dialog', { name: `Decide the dispute on order ${order.number}` });
  await decide.getByRole('combobox', { name: 'Decision' }).selectOption('refund');
  await decide.getByRole('spinbutton', { name: /Refund amount/ }).fill('400');
  await decide.getByRole('textbox', { name: /Reason/ }).fill('Four eggs of a tray arrived cracked');
  await decide.getByRole('button', { name: 'Decide' }).click();
  await expect(decide).toHaveCount(0);
  await expect(card).toHaveCount(0);
  await adminPage.getByLabel('Show').selectOption('decided');
  await expect(adminPage.getByRole('article', { name: `Dispute on order ${order.number}` })).toContainText(/Refunded Ksh\s?400/);

  // The buyer reads the decision; the seller's earnings on the part are released less the refund.
  await page.reload();
  await expect(partOf(page, wafula.name).getByTestId('dispute')).toContainText('Refunded');
  await expect(partOf(page, wafula.name).getByTestId('dispute')).toContainText(/Decided: Ksh\s?400 is refunded to you\./);
  const sellerSale = await call<{ dispute: { status: string } | null }>(
    request,
    wafula.account,
    'GET',
    `/v1/seller/sales/${eggsPart}/dispute`,
  );
  expect(sellerSale.dispute?.status).toBe('refunded');
});

test('the job clock releases a delivered part nobody confirmed once the release window has passed', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const shop = await newSeller(request, `Mutua Honey ${tag}`, 'Machakos');
  const honey = await list(request, shop, { title: `Raw Honey ${tag}`, price: 800, stock: 10, unit: 'piece' });
  const buyer = await createAccount(request, { email: uniqueEmail('buyer'), firstName: 'Achieng', lastName: 'Odhiambo', roles: ['Buyer'] });
  const order = await orderTwoOfEach(request, buyer, [honey]);
  await deliver(request, shop, order);

  // Not yet: two days on, the earnings still wait.
  await runScheduledJob('delivery-release', new Date(Date.now() + 2 * DAY));
  expect((await call<{ pending: number; available: number }>(request, shop.account, 'GET', '/v1/seller/balance')).available).toBe(0);

  await runScheduledJob('delivery-release', new Date(Date.now() + 3.1 * DAY));
  const balance = await call<{ pending: number; available: number }>(request, shop.account, 'GET', '/v1/seller/balance');
  expect(balance.pending).toBe(0);
  expect(balance.available).toBeGreaterThan(0);

  // The buyer's page no longer asks to confirm a part whose seller is paid, but a problem may still be reported.
  await signIn(page, buyer);
  await page.goto(`/orders/${order.id}`);
  const part = partOf(page, shop.name);
  await expect(part.getByRole('button', { name: 'Report a problem' })).toBeVisible();
  await expect(part.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0);
});
