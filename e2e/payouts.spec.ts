import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';
import { placeOrder, sellerMoves } from './support/orders';
import { call, list, newSeller } from './support/sellers';

// Issue 40: a seller with money available requests a payout on the Payouts page and the sandbox's
// phone shows "You have received Ksh …" with the M-Pesa receipt.
//
// The buyer confirms delivery (POST …/confirm-delivery), which releases the part's earnings to
// "available", before the seller asks for them.

test.use({ viewport: { width: 412, height: 915 } });

const SANDBOX = 'http://localhost:4010';
const CONFIRM_DELIVERY = (orderId: string, fulfilmentId: string) => `/v1/orders/${orderId}/fulfilments/${fulfilmentId}/confirm-delivery`;

test('a seller pays out their available balance to M-Pesa and the phone shows the money', async ({ page, request, browser }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const shop = await newSeller(request, `Payout Farm ${tag}`, 'Kiambu');
  const product = await list(request, shop, { title: `Sukuma ${tag}`, price: 1500, stock: 10 });
  const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Akinyi', lastName: 'Odera' });

  // A bank-transfer order of one unit, paid, dispatched and delivered by the seller, confirmed by the buyer.
  const { id: orderId, fulfilments } = await placeOrder(request, buyer, [{ productId: product, quantity: 1 }]);
  const sale = fulfilments[0]!;
  await sellerMoves(request, shop, sale.id);
  await call(request, buyer, 'POST', CONFIRM_DELIVERY(orderId, sale.id), {});
  const balance = await call<{ available: number }>(request, shop.account, 'GET', '/v1/seller/balance');
  expect(balance.available).toBeGreaterThan(0);
  const shown = `Ksh\u00a0${balance.available.toLocaleString('en-KE')}`;

  // A number no other test pays, so the phone shows this payout only.
  const eight = String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0');
  await signIn(page, shop.account);
  await page.goto('/seller/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(page.getByTestId('balance')).toContainText(shown);
  await page.getByLabel(/^Payout M-Pesa number/).fill(`07${eight}`);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Payout settings saved.')).toBeVisible();
  await expect(page.getByText(`Payouts go to your M-Pesa 07${eight.slice(0, 2)} ${eight.slice(2, 5)} ${eight.slice(5)}.`)).toBeVisible();

  await page.getByRole('button', { name: 'Request payout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a payout' });
  await expect(dialog).toContainText(`Send ${shown} to M-Pesa`);
  await dialog.getByRole('button', { name: 'Send to M-Pesa' }).click();
  await expect(page.getByText(`${shown} is on its way to your M-Pesa.`)).toBeVisible();
  // The sandbox pays a moment later; the page looks again while a payout is under way.
  await expect(page.getByRole('list', { name: 'Payout history' })).toContainText('Paid');
  await expect(page.getByRole('list', { name: 'Payout history' })).toContainText(/M-Pesa receipt [A-Z0-9]{10}/);
  // Nothing runs off a 412 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

  const phone = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
  await phone.goto(`${SANDBOX}/phone?msisdn=2547${eight}`);
  await expect(phone.getByRole('list', { name: 'Messages' })).toContainText(
    new RegExp(`[A-Z0-9]{10} Confirmed\\. You have received Ksh ${balance.available.toLocaleString('en-KE')} from ShambaSoko\\.`),
  );
  await phone.context().close();
});
