import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { pdfText } from '../core-api/src/testing/pdf-text';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { paidOrder } from './support/orders';
import { call, list, newSeller, type Shop } from './support/sellers';

// Issue 40: a buyer's receipt and a seller's statement as PDFs, saved from their pages and opened by a
// shared link without signing in. The order is paid by M-Pesa on the sandbox's phone page.

test.use({ viewport: { width: 412, height: 915 } });

const kes = (n: number) => `Ksh ${n.toLocaleString('en-KE')}`;

interface Paid {
  shop: Shop;
  buyer: TestAccount;
  order: { id: string; number: string; total: number; deliveryFee: number };
}

/** A fresh shop sells 3 kg at Ksh 1,000 to a fresh buyer, who pays by M-Pesa on the sandbox phone. */
async function paidSale(request: APIRequestContext, browser: Browser): Promise<Paid> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const shop = await newSeller(request, `Papers Farm ${tag}`, 'Kiambu');
  const product = await list(request, shop, { title: `Sukuma Wiki ${tag}`, price: 1000, stock: 30 });
  const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Njeri', lastName: 'Kamau' });
  const order = await paidOrder(request, browser, buyer, [{ productId: product, quantity: 3 }]);
  return { shop, buyer, order };
}

test('a buyer saves the receipt PDF, a seller the month statement PDF, and a shared link opens without signing in', async ({
  page,
  request,
  browser,
}) => {
  const { shop, buyer, order } = await paidSale(request, browser);
  const paid = await call<{ payment: { receipt: string | null } }>(request, buyer, 'GET', `/v1/orders/${order.id}`);
  expect(paid.payment.receipt).toMatch(/^[A-Z0-9]{10}$/);

  // The buyer's order page: Download receipt.
  await signIn(page, buyer);
  await page.goto(`/orders/${order.id}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`receipt-${order.number}.pdf`);
  const receipt = pdfText(readFileSync(await download.path()));
  expect(receipt).toContain(order.number);
  expect(receipt).toContain(`Total paid\n${kes(order.total)}`);
  expect(receipt).toContain(`M-Pesa receipt\n${paid.payment.receipt}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

  // Share: the browser has no share sheet here, so the link is copied.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied.', { exact: false })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/v1\/shared\/[A-Za-z0-9_-]{43}\.pdf$/);

  // Someone without an account opens the link (WhatsApp's in-app browser).
  const stranger = await browser.newContext();
  const opened = await stranger.request.get(link);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect(pdfText(await opened.body())).toContain(order.number);
  await stranger.close();

  // The seller's statement for this month: the page's figures and the PDF's agree.
  await signIn(page, shop.account);
  await page.goto('/seller');
  // The home's own link (the sidebar's is folded away on a phone).
  await page.locator('a[href="/seller/statements"]:visible').first().click();
  await expect(page).toHaveURL(/\/seller\/statements$/);
  const figures = page.getByTestId('statement-figures');
  await expect(figures).toContainText('Sales');
  await expect(figures.getByText('Sales', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(kes(3000));
  await expect(figures.getByText('Commission', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(`-${kes(150)}`);
  await expect(figures.getByText('Closing balance', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    kes(3000 - 150 + order.deliveryFee),
  );
  const statementDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const statement = pdfText(readFileSync(await (await statementDownload).path()));
  expect(statement).toContain(`Opening balance\n${kes(0)}`);
  expect(statement).toContain(`Sales\n${kes(3000)}`);
  expect(statement).toContain(`Commission\n-${kes(150)}`);
  expect(statement).toContain(`Delivery fees\n${kes(order.deliveryFee)}`);
  expect(statement).toContain(`Closing balance\n${kes(3000 - 150 + order.deliveryFee)}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
});
