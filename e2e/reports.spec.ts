import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';
import { placeOrder, sellerMoves } from './support/orders';
import { list, newSeller } from './support/sellers';

// Issue 39, Analytics: a seller reads the paid sale of their own shop in Sales Reports (chart and
// the table under it) and downloads it as CSV; a Buyer opening the seller's report is told it is not
// for their role and sees no figures. On the phone the issue names (412 × 915).

test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

test.describe('analytics', () => {
  test('a seller with a paid order sees the product in Sales Reports and downloads the CSV', async ({ page, request }) => {
    test.setTimeout(120_000);
    const tag = Date.now().toString(36);
    const shop = await newSeller(request, `Report Greens ${tag}`, 'Kiambu');
    const title = `Report Kale ${tag}`;
    const productId = await list(request, shop, { title, price: 250, stock: 40 });
    const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Wambui', lastName: 'Kariuki' });
    const order = await placeOrder(request, buyer, [{ productId, quantity: 4 }], { county: 'Nakuru' });
    // A bank transfer the seller confirms, as the Sales page's Mark paid does: only paid money counts.
    await sellerMoves(request, shop, order.fulfilments[0]!.id, ['mark-paid']);

    await signIn(page, shop.account);
    await page.goto('/reports/sales');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales Reports' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute('aria-pressed', 'true');

    const byProduct = page.getByRole('region', { name: 'Sales by product' });
    const chart = byProduct.getByRole('img', { name: 'Bar chart of Sales by product. The table below holds the same figures.' });
    await expect(chart).toBeVisible();
    // uPlot arrived with this page and drew the bars.
    await expect(chart.locator('canvas')).toBeVisible();
    // On a phone the table reads as a list of cards, one a row.
    const row = byProduct.getByRole('list', { name: 'Sales by product' }).getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText('4');
    await expect(row).toContainText(/Ksh\s?1,000/);
    const byCounty = page.getByRole('region', { name: 'Sales by county' });
    await expect(byCounty.getByRole('listitem').filter({ hasText: 'Nakuru' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Sales by month' }).getByRole('img', { name: /^Line chart of Sales by month/ }),
    ).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sales-report-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Section,Item,Orders,Units,Revenue (KES)');
    expect(lines).toContain(`Product,${title},,4,1000`);
  });

  test('a Buyer opening Sales Reports is told it is not for their role, and sees no figures', async ({ page, request }) => {
    const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Kamau', lastName: 'Njoroge' });
    await signIn(page, buyer);
    await page.goto('/reports/sales');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales Reports' })).toBeVisible();
    await expect(page.getByText('This report is not for your role')).toBeVisible();
    await expect(page.getByText(/Farmer, Supplier or Retailer role/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Sales by product' })).toHaveCount(0);
    await expect(page.getByRole('main').getByText(/Ksh/)).toHaveCount(0);
    // The API refuses them too, whatever the page shows.
    const refused = await request.get('/v1/reports/sales', { headers: { authorization: `Bearer ${buyer.accessToken}` } });
    expect(refused.status()).toBe(403);
  });
});
