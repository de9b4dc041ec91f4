import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { newSeller } from './support/sellers';
import { seedSales } from './support/prices';

// Issue 42, prices from real sales: five paid sales of sorghum in Tharaka-Nithi (Ksh 38, 40, 42, 44 and
// 46 a kg: median 42, middle half 40–44). A new seller there sets a price and reads that range; the
// product page shows what is typical; the Market prices page charts the month. No other spec lists
// sorghum in Tharaka-Nithi, so the figures are this spec's own.

test.use({ viewport: { width: 412, height: 915 } });

const COUNTY = 'Tharaka-Nithi';
const RANGE = /Ksh\s40–44/;

test.describe('market prices', () => {
  test('a seller sets a price beside the range from real sales; the product page and the prices page show it too', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const seeded = await seedSales(request, { county: COUNTY, kind: 'sorghum', prices: [38, 40, 42, 44, 46], title: 'Gadam sorghum' });

    // The listing form: the kind chosen, the range of the county's sales shows, and a bag price in kg.
    const seller = await newSeller(request, `Chuka Grain ${Date.now().toString(36)}`, COUNTY);
    await signIn(page, seller.account);
    await page.goto('/seller/products/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add product' })).toBeVisible();
    await page.getByLabel(/^Title/).fill('Red sorghum, 90 kg bag');
    await page.getByLabel(/^Product kind/).selectOption('sorghum');
    const hint = page.getByTestId('price-hint');
    await expect(hint).toContainText(`In ${COUNTY}, Sorghum sold for`);
    await expect(hint).toContainText(RANGE);
    await expect(hint).toContainText(/a kg in the last 30 days; \d+ sales\./);
    await page.getByLabel(/^Unit/).selectOption('bag_90kg');
    await page.getByLabel(/^Price/).fill('3780');
    await expect(hint).toContainText(/Your price comes to Ksh\s42 a kg\./);
    await page.getByLabel(/^Stock/).fill('20');
    await page.getByRole('button', { name: 'List product' }).click();
    await expect(page).toHaveURL(/\/seller\/products\/[^/]+\?created=1$/);
    await expect(page.getByLabel(/^Product kind/)).toHaveValue('sorghum');

    // The product page of a seeded listing: its price a kg and what is typical in its county.
    await page.goto(`/market/item?itemId=${seeded.productIds[2]}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gadam sorghum lot 3' })).toBeVisible();
    const typical = page.getByTestId('typical-price');
    await expect(typical).toContainText(/^Ksh\s42 a kg · typical in Tharaka-Nithi: Ksh\s40–44 a kg \(\d+ sales\)$/);

    // The Market prices page, reached from the market: the county's figure and this month's bar.
    await page.goto('/market');
    await page.getByRole('link', { name: 'Market prices', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Market prices' })).toBeVisible();
    await page.getByLabel('Crop or product').selectOption('sorghum');
    await page.getByLabel('County').selectOption(COUNTY);
    await expect(page).toHaveURL(/\/market\/prices\?kind=sorghum&county=Tharaka-Nithi$/);
    await expect(page.getByTestId('price-summary')).toContainText(RANGE);
    const chart = page.getByRole('img', { name: `Chart of Sorghum prices in ${COUNTY} over 12 months` });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect')).toHaveCount(1);
    const month = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);
    await expect(page.getByRole('row', { name: new RegExp(`^${month} Ksh\\s42 Ksh\\s40–44 \\d+$`) })).toBeVisible();
    // A phone's width: nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  });
});
