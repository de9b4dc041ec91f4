import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, signIn } from './support/auth';
import { fillShipping } from './support/market';
import { call, list, newSeller } from './support/sellers';

// Issue 41: the words the server writes come from the catalogs, so a Kiswahili reader reads them in
// Kiswahili. A buyer pays by M-Pesa, switches to Kiswahili on the confirmation page, and reads the
// payment's status as the API words it (waiting for the PIN, then paid with its receipt) in Kiswahili.
// The sandbox's phone stands in for Safaricom's and stays as Safaricom writes it.

test.use({ viewport: { width: 412, height: 915 } });

const SANDBOX = 'http://localhost:4010';

/** A Safaricom-style number no other test prompts, so the phone page shows this test's prompt only. */
function uniquePhone(): { local: string; msisdn: string } {
  const eight = String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0');
  return { local: `07${eight}`, msisdn: `2547${eight}` };
}

async function buyerWithCart(request: APIRequestContext, page: Page) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const shop = await newSeller(request, `Kiambu Greens ${tag}`, 'Kiambu');
  const product = await list(request, shop, { title: `Sukuma Wiki ${tag}`, price: 120, stock: 30 });
  const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Akinyi', lastName: 'Odhiambo' });
  await call(request, buyer, 'POST', '/v1/cart/items', { productId: product, quantity: 3 });
  await signIn(page, buyer);
}

const paymentStatus = (page: Page) => page.getByTestId('payment-status');

test('the payment status the API writes reads in Kiswahili once the buyer chooses Kiswahili', async ({ page, request, browser }) => {
  await buyerWithCart(request, page);
  const number = uniquePhone();
  await page.goto('/checkout');
  await fillShipping(page, number.local);
  await page.getByLabel(/^County/).selectOption('Kiambu');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('radio', { name: /M-Pesa/ })).toBeChecked();
  await page.getByLabel(/^M-Pesa Phone Number/).fill(number.local);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: /^Place Order/ }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmation/);
  await expect(paymentStatus(page)).toContainText('Check your phone and enter your M-Pesa PIN');

  // Kiswahili from the phone's menu drawer, as a person switches.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('combobox', { name: 'Language' }).selectOption('sw');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  // The backdrop (named Funga menyu) shows to the right of the drawer.
  await page.getByRole('button', { name: 'Funga menyu' }).click({ position: { x: 390, y: 450 } });
  await expect(paymentStatus(page)).toContainText('Angalia simu yako na uweke PIN yako ya M-Pesa ili ulipe');
  await expect(paymentStatus(page)).not.toContainText('Check your phone');

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(`${SANDBOX}/phone?msisdn=${number.msisdn}`);
  await phone.getByLabel(/PIN/).fill('1234');
  await phone.getByRole('button', { name: 'OK' }).click();

  await expect(paymentStatus(page)).toContainText(/Imelipwa\. Risiti ya M-Pesa [A-Z0-9]{10}\./, { timeout: 20_000 });
  await expect(paymentStatus(page)).not.toContainText('M-Pesa receipt');
  await phone.context().close();
});
