import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAccount, signIn } from './support/auth';
import { msisdn, newPhone, paidOrder, partOf as partIn, SALE_STEPS, sellerMoves } from './support/orders';
import { call, list, newSeller, type Shop } from './support/sellers';
import { runScheduledJob } from './support/stack';

// Issue 40, the whole loop against the sandbox: a buyer pays a three-seller order by M-Pesa on the
// sandbox phone, cancels one paid part before dispatch and the phone shows the refund; the other two
// sellers deliver, the buyer confirms one part and the other is released by the job clock after the
// window; each balance is the goods less 5 % commission plus delivery; one seller requests a payout,
// the other is paid by the automatic daily payout, and the phones show both.

test.use({ viewport: { width: 412, height: 915 } });

const SANDBOX = 'http://localhost:4010';
const DAY = 24 * 60 * 60 * 1000;
const kes = (n: number) => `Ksh ${n.toLocaleString('en-KE')}`;

async function phoneShows(browser: Browser, phone: string, text: RegExp) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  await page.goto(`${SANDBOX}/phone?msisdn=${msisdn(phone)}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await context.close();
}

const partCard = (page: Page, seller: string) =>
  page.getByTestId('fulfilment').filter({ has: page.getByRole('heading', { name: `From ${seller}` }) });

test('money goes round: M-Pesa in, a refund, two releases, a payout asked for and an automatic one', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const achieng = await newSeller(request, `Achieng Greens ${tag}`, 'Kiambu');
  const mutua = await newSeller(request, `Mutua Fruits ${tag}`, 'Machakos');
  const kariuki = await newSeller(request, `Kariuki Dairy ${tag}`, 'Nyeri');
  const kale = await list(request, achieng, { title: `Sukuma Wiki ${tag}`, price: 1000, stock: 20 });
  const mangoes = await list(request, mutua, { title: `Apple Mangoes ${tag}`, price: 2500, stock: 20 });
  const milk = await list(request, kariuki, { title: `Fresh Milk ${tag}`, price: 400, stock: 20, unit: 'litre' });
  const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Wanjiru', lastName: 'Kimani' });
  const buyerPhone = newPhone();

  // The buyer pays the whole order by M-Pesa: the sandbox phone asks for the PIN.
  const order = await paidOrder(
    request,
    browser,
    buyer,
    [
      { productId: kale, quantity: 3 },
      { productId: mangoes, quantity: 2 },
      { productId: milk, quantity: 5 },
    ],
    buyerPhone,
  );
  const partOf = (shop: Shop) => partIn(order, shop);

  // The buyer changes their mind about the milk before it is dispatched: M-Pesa gives it back.
  await signIn(page, buyer);
  await page.goto(`/orders/${order.id}`);
  await partCard(page, kariuki.name)
    .getByRole('button', { name: `Cancel the part from ${kariuki.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this part' });
  await dialog.getByLabel(/^Reason/).fill('Bought milk at the kiosk');
  await dialog.getByRole('button', { name: 'Cancel this part' }).click();
  await expect(dialog).toHaveCount(0);
  const milkPart = partOf(kariuki);
  await phoneShows(browser, buyerPhone, new RegExp(`You have received ${kes(milkPart.subtotal + milkPart.deliveryFee)} from ShambaSoko`));

  // The other two sellers dispatch and deliver.
  for (const shop of [achieng, mutua]) await sellerMoves(request, shop, partOf(shop).id, SALE_STEPS.slice(1));

  // The buyer confirms Achieng's part; Mutua's is released by the job once the window (3 days) passed.
  await page.reload();
  const greens = partCard(page, achieng.name);
  await greens.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(greens).toContainText('You confirmed this delivery.');
  const beforeWindow = await call<{ pending: number; available: number }>(request, mutua.account, 'GET', '/v1/seller/balance');
  expect(beforeWindow.available).toBe(0);
  await runScheduledJob('delivery-release', new Date(Date.now() + 3.1 * DAY));

  // Each seller's balance: their goods less 5 % commission, plus their delivery fee.
  const earned = (shop: Shop) => partOf(shop).subtotal - Math.round(partOf(shop).subtotal * 0.05) + partOf(shop).deliveryFee;
  for (const shop of [achieng, mutua]) {
    const balance = await call<{ pending: number; available: number; paidOut: number }>(request, shop.account, 'GET', '/v1/seller/balance');
    expect(balance).toMatchObject({ pending: 0, available: earned(shop), paidOut: 0 });
  }
  const kariukiBalance = await call<{ pending: number; available: number }>(request, kariuki.account, 'GET', '/v1/seller/balance');
  expect(kariukiBalance).toMatchObject({ pending: 0, available: 0 });

  // Achieng asks for her money on the Payouts page.
  const achiengPhone = newPhone();
  await signIn(page, achieng.account);
  await page.goto('/seller/payouts');
  await expect(page.getByTestId('balance')).toContainText(kes(earned(achieng)).replace(' ', '\u00a0'));
  await page.getByLabel(/^Payout M-Pesa number/).fill(achiengPhone);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Payout settings saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Request payout' }).click();
  await page.getByRole('dialog', { name: 'Send a payout' }).getByRole('button', { name: 'Send to M-Pesa' }).click();
  await expect(page.getByRole('list', { name: 'Payout history' })).toContainText('Paid', { timeout: 20_000 });
  await phoneShows(browser, achiengPhone, new RegExp(`You have received ${kes(earned(achieng))} from ShambaSoko`));

  // Mutua turns on automatic daily payouts; the day's run pays him without asking.
  const mutuaPhone = newPhone();
  await signIn(page, mutua.account);
  await page.goto('/seller/payouts');
  await page.getByLabel(/^Payout M-Pesa number/).fill(mutuaPhone);
  await page.getByLabel(/Automatic daily payouts/).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Payout settings saved.')).toBeVisible();
  await runScheduledJob('automatic-payouts', new Date());
  await phoneShows(browser, mutuaPhone, new RegExp(`You have received ${kes(earned(mutua))} from ShambaSoko`));
  await expect
    .poll(async () => (await call<{ paidOut: number }>(request, mutua.account, 'GET', '/v1/seller/balance')).paidOut, { timeout: 20_000 })
    .toBe(earned(mutua));
  await page.reload();
  await expect(page.getByRole('list', { name: 'Payout history' })).toContainText('Automatic');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await page.screenshot({ path: test.info().outputPath('payouts-automatic.png') });
});
