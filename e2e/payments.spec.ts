import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { fillShipping, payByBankTransfer } from './support/market';
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

const paymentStatus = (page: Page) => page.getByTestId('payment-status');

test.describe('paying the Kenyan way', () => {
  test('M-Pesa: the PIN prompt on the phone, then the confirmation page turns Paid; the seller sees it paid', async ({
    page,
    request,
    browser,
  }) => {
    const { shop } = await buyerWithCart(request, page, 450);
    const number = uniquePhone();
    await toPayment(page, number.local);
    await expect(page.getByRole('radio', { name: /M-Pesa/ })).toBeChecked();
    // Prefilled from the profile's number; this test's phone is another one.
    await expect(page.getByLabel(/^M-Pesa Phone Number/)).toHaveValue(/^\+254 7\d\d \d{3} \d{3}$/);
    await page.getByLabel(/^M-Pesa Phone Number/).fill(number.local);
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

  test('a declined PIN: Try again, accept, Paid', async ({ page, request, browser }) => {
    await buyerWithCart(request, page, 300);
    const number = uniquePhone();
    await toPayment(page, number.local);
    await page.getByLabel(/^M-Pesa Phone Number/).fill(number.local);
    await placeOrder(page);
    await orderIdFromUrl(page);
    const phone = await phonePage(browser, number.msisdn);
    await phone.getByRole('button', { name: 'Cancel' }).click();
    await expect(paymentStatus(page)).toContainText('Declined', { timeout: 20_000 });
    await shoot(page, 'confirmation-mpesa-declined');

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(paymentStatus(page)).toContainText('Check your phone and enter your M-Pesa PIN');
    // The phone page shows the new prompt by itself (it polls and reloads); a reload of ours would
    // race with its own and fail with "Not attached to an active page".
    await expect(phone.getByLabel(/PIN/)).toBeVisible({ timeout: 20_000 });
    await phone.getByLabel(/PIN/).fill('4321');
    await phone.getByRole('button', { name: 'OK' }).click();
    await expect(paymentStatus(page)).toContainText('Paid', { timeout: 20_000 });
  });

  test('card: the hosted page with a test card, back to the confirmation page, Paid; the number never reaches /v1', async ({
    page,
    request,
  }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1')) sent.push(`${r.url()} ${r.postData() ?? ''}`);
    });
    await buyerWithCart(request, page, 500);
    await toPayment(page, '0712 345 678');
    await page.getByRole('radio', { name: /Credit \/ Debit Card/ }).check();
    await placeOrder(page);

    await expect(page).toHaveURL(/localhost:4010\/card\/pay\//);
    await expect(page.getByText('4111 1111 1111 1111')).toBeVisible();
    await shoot(page, 'hosted-card-page');
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Name on card').fill('Njeri Kamau');
    await page.getByRole('button', { name: /^Pay Ksh/ }).click();

    await orderIdFromUrl(page);
    await expect(paymentStatus(page)).toContainText('Paid', { timeout: 20_000 });
    await shoot(page, 'confirmation-card-paid');
    expect(sent.length).toBeGreaterThan(0);
    for (const line of sent) {
      expect(line).not.toMatch(/4111\s?1111\s?1111\s?1111|cardNumber|cvv/i);
    }
  });

  test('bank transfer: the instructions, the seller marks it paid, the buyer sees Paid', async ({ page, request, browser }) => {
    const { shop, buyer } = await buyerWithCart(request, page, 700);
    await toPayment(page, '0712 345 678');
    await payByBankTransfer(page);
    await placeOrder(page);
    const orderId = await orderIdFromUrl(page);
    const number = (await call<{ number: string }>(request, buyer, 'GET', `/v1/orders/${orderId}`)).number;
    await expect(page.getByText(number).first()).toBeVisible();
    await expect(page.getByText(/Account number/)).toBeVisible();
    await shoot(page, 'confirmation-bank');

    // The seller, in their own browser, marks their part paid from Sales.
    const sellerPage = await (await browser.newContext()).newPage();
    await signIn(sellerPage, shop.account);
    await sellerPage.goto('/seller/sales');
    const sale = sellerPage.getByRole('listitem').filter({ hasText: number });
    await sale.getByRole('button', { name: /Mark (as )?paid/i }).click();
    await expect(sale).toContainText('Paid');

    await page.reload();
    await expect(paymentStatus(page)).toContainText('Paid');
    expect((await saleOf(request, shop, orderId)).status).toBe('paid');
  });
});
