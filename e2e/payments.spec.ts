import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { fillShipping } from './support/market';
import { call, list, newSeller, saleOf, type Shop } from './support/sellers';

// Issue 16, browser tests 1-4: M-Pesa through the sandbox's phone page (accepted; declined then
// accepted), a card on the provider's hosted page (whose number never reaches /v1), and a bank
// transfer the seller marks paid. The sandbox (core-api/sandbox) speaks Daraja's and the card
// gateway's shapes; the API talks to it only through its production clients.

const SANDBOX = 'http://localhost:4010';
const SHOTS = process.env.SHOTS_DIR ?? '';

/** A Safaricom-style number no other test prompts, so the phone page shows this test's prompt only. */
function uniquePhone(): { local: string; msisdn: string } {
  const eight = String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0');
  return { local: `07${eight}`, msisdn: `2547${eight}` };
}

interface Setup {
  shop: Shop;
  buyer: TestAccount;
  title: string;
}

async function buyerWithCart(request: APIRequestContext, page: Page, price: number): Promise<Setup> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const shop = await newSeller(request, `Limuru Farm ${tag}`, 'Kiambu');
  const title = `Red Onions ${tag}`;
  const product = await list(request, shop, { title, price, stock: 30 });
  const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Njeri', lastName: 'Kamau' });
  await call(request, buyer, 'POST', '/v1/cart/items', { productId: product, quantity: 2 });
  await signIn(page, buyer);
  return { shop, buyer, title };
}

/** Checkout as a buyer does, up to the payment step. */
async function toPayment(page: Page, phone: string) {
  await page.goto('/checkout');
  await fillShipping(page, phone);
  await page.getByLabel(/^County/).selectOption('Kiambu');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
}

async function placeOrder(page: Page) {
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: /^Place Order/ }).click();
}

async function orderIdFromUrl(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmation/);
  return /\/orders\/([0-9a-f-]{36})\/confirmation/.exec(page.url())![1]!;
}

/** The sandbox's phone for `msisdn`, in its own tab, as the buyer's phone would show the prompt. */
async function phonePage(browser: Browser, msisdn: string): Promise<Page> {
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(`${SANDBOX}/phone?msisdn=${msisdn}`);
  return phone;
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const paymentStatus = (page: Page) => page.getByRole('status').filter({ hasText: /M-Pesa|Paid|Declined|Timed out|card|bank/i }).first();

test.describe('paying the Kenyan way', () => {
  test('M-Pesa: the PIN prompt on the phone, then the confirmation page turns Paid; the seller sees it paid', async ({
    page,
    request,
    browser,
  }) => {
    const { shop } = await buyerWithCart(request, page, 450);
    const number = uniquePhone();
    await toPayment(page, number.local);
    await expect(page.getByLabel(/^M-Pesa/)).toBeChecked();
    await placeOrder(page);
    const orderId = await orderIdFromUrl(page);
    await expect(paymentStatus(page)).toContainText('Check your phone and enter your M-Pesa PIN');
    await shoot(page, 'confirmation-mpesa-waiting');

    const phone = await phonePage(browser, number.msisdn);
    await phone.getByLabel(/PIN/).fill('1234');
    await phone.getByRole('button', { name: 'OK' }).click();

    await expect(paymentStatus(page)).toContainText('Paid', { timeout: 20_000 });
    await expect(page.getByText(/M-Pesa receipt [A-Z0-9]{10}/)).toBeVisible();
    await shoot(page, 'confirmation-mpesa-paid');
    expect((await saleOf(request, shop, orderId)).status).toBe('paid');
  });
});
