import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, DEMO, loginAccount, signIn, type TestAccount } from './support/auth';
import { call, list, newSeller, saleOf, type Shop } from './support/sellers';

// Money for Admins (issue 40): the day's reconciliation shows a bank payment just confirmed, and a
// bank-paid part its seller cancelled waits as a refund to settle by hand until the Admin records the
// bank's reference. Other specs place orders at the same time, so figures are read as "at least".

const API = 'http://localhost:3000';
const SHOTS = 'e2e/screenshots';
test.use({ viewport: { width: 412, height: 915 } });

async function asAdmin(page: Page) {
  await signIn(page, await loginAccount(page.request, DEMO.email, DEMO.password));
}

/** A bank-transfer order of `quantity` of the listing, placed by `buyer`, and its seller's part marked paid. */
async function paidBankOrder(request: APIRequestContext, buyer: TestAccount, shop: Shop, productId: string, quantity: number) {
  const placed = await request.post(`${API}/v1/orders`, {
    headers: { authorization: `Bearer ${buyer.accessToken}`, 'idempotency-key': randomUUID() },
    data: {
      items: [{ productId, quantity }],
      shipping: {
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        email: buyer.email,
        phone: '0712 345 678',
        address: 'Plot 9, Thika Road',
        city: 'Kiambu',
        state: 'Kiambu',
        postalCode: '00900',
      },
      delivery: 'standard',
      payment: { method: 'bank' },
    },
  });
  expect(`${placed.status()} ${await placed.text()}`).toMatch(/^201 /);
  const order = ((await placed.json()) as { body: { id: string; number: string; total: number } }).body;
  const sale = await saleOf(request, shop, order.id);
  await call(request, shop.account, 'POST', `${API}/v1/seller/sales/${sale.id}/mark-paid`, {});
  return { order, saleId: sale.id };
}

/** "Ksh 12,345" → 12345. */
const shillings = (text: string) => Number(text.replace(/[^\d-]/g, ''));

test("an Admin sees the day's bank payment in the reconciliation and settles a cancelled bank-paid part's refund", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const shop = await newSeller(request, `Recon Farm ${stamp}`, 'Kiambu');
  const productId = await list(request, shop, { title: `Recon sukuma ${stamp}`, price: 1300, stock: 20 });
  const buyer = await createAccount(request, { firstName: 'Zawadi', lastName: `Recon${stamp}`, roles: ['Buyer'] });
  const { order: kept } = await paidBankOrder(request, buyer, shop, productId, 2);

  await asAdmin(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'More for Admins' })
    .getByRole('link', { name: /^Reconciliation/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/reconciliation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  const bank = page.getByRole('region', { name: 'Bank transfer: money in' });
  const paid = bank.getByRole('definition').first();
  await expect(paid).toHaveText(/Ksh/);
  expect(shillings(await paid.innerText())).toBeGreaterThanOrEqual(kept.total);
  expect(shillings(await bank.getByRole('definition').nth(1).innerText())).toBeGreaterThanOrEqual(kept.total);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await page.screenshot({ path: `${SHOTS}/admin-reconciliation-412.png`, fullPage: true });

  // A second order is paid, then its seller cancels it: the buyer is owed the whole part back.
  const { order: cancelled, saleId } = await paidBankOrder(request, buyer, shop, productId, 1);
  await call(request, shop.account, 'POST', `${API}/v1/seller/sales/${saleId}/cancel`, { reason: 'The sukuma wilted' });
  await page.reload();
  const refund = page.getByRole('article', { name: `Refund for ${cancelled.number} from ${shop.name}` });
  await expect(refund).toContainText(`To Zawadi Recon${stamp}`);
  await expect(refund).toContainText('Bank transfer');
  expect(shillings(await refund.getByText(/^Ksh/).innerText())).toBe(cancelled.total);
  await refund.getByRole('button', { name: 'Settle' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Settle Ksh.* for ${cancelled.number}\\?$`) });
  await dialog.getByRole('textbox', { name: /Reference/ }).fill(`EQ-${stamp}`);
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Paid from the Equity account');
  await dialog.getByRole('button', { name: 'Settle', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(refund).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/admin-refund-settled-412.png`, fullPage: true });

  // The buyer is told, with the reference.
  const notices = await call<{ items: Array<{ title: string; body: string }> }>(request, buyer, 'GET', `${API}/v1/notifications`);
  expect(notices.items).toContainEqual(
    expect.objectContaining({ title: `Refund paid for order ${cancelled.number}`, body: expect.stringContaining(`EQ-${stamp}`) }),
  );
});
