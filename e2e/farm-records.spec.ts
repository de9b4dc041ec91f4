import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfText } from '../core-api/src/testing/pdf-text';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { call } from './support/sellers';

// Issue 42, farm records that pay, on a phone: two harvests of a maize crop give its yield per acre
// against the expected; a sale made off the platform is its income; the season report shows profit
// per acre; the farm report PDF for a loan carries the same figures. Worked out by hand:
//   Field A 10 acres: Maize 6 acres (2.5 t/ha expected = 1,011.7 kg an acre), Beans 4 acres.
//   Costs: Maize 30,000; the whole farm 10,000 → Maize 6,000, Beans 4,000 (by area).
//   Harvests: 20 bags of 90 kg + 600 kg = 2,400 kg = 400 kg an acre, 40% of the expected.
//   Income: 20 bags × Ksh 4,500 cash = 90,000.
//   Maize 90,000 − 36,000 = 54,000 → 9,000 an acre; farm 90,000 − 40,000 = 50,000 on 10 acres → 5,000.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 412, height: 915 } });

const API = 'http://localhost:3000';
const ACRE = 0.40468564224;
const kes = (n: number) => new RegExp(`^Ksh\\s${n.toLocaleString('en-KE')}$`);
let owner: TestAccount;
let farmId = '';
let seasonId = '';
let maizeId = '';

test.beforeAll(async ({ request }) => {
  owner = await createAccount(request, { firstName: 'Akinyi', lastName: 'Odhiambo' });
  const tag = Date.now().toString(36);
  farmId = (
    await call<{ id: string }>(request, owner, 'POST', `${API}/v1/farms`, {
      name: `Mavuno ${tag}`,
      county: 'Kisumu',
      totalSize: 10,
      owner: 'Akinyi',
    })
  ).id;
  const field = await call<{ id: string }>(request, owner, 'POST', `${API}/v1/farms/${farmId}/fields`, {
    name: 'Field A',
    size: 10,
    unit: 'acres',
    cropType: 'Maize',
  });
  seasonId = (
    await call<{ id: string }>(request, owner, 'POST', `${API}/v1/seasons`, {
      farmId,
      name: 'Long Rains 2026',
      cropType: 'Maize',
      startDate: '2026-03-01',
      endDate: '2026-08-31',
    })
  ).id;
  const crop = (name: string, acres: number, yieldPerHectare?: number) =>
    call<{ id: string }>(request, owner, 'POST', `${API}/v1/crops`, {
      farmId,
      fieldId: field.id,
      seasonId,
      name,
      area: acres * ACRE,
      plantedDate: '2026-03-15',
      expectedHarvest: '2026-07-31',
      ...(yieldPerHectare === undefined ? {} : { yieldPerHectare }),
    });
  maizeId = (await crop('Maize', 6, 2.5)).id;
  await crop('Beans', 4);
  await call(request, owner, 'POST', `${API}/v1/costs`, {
    farmId,
    fieldId: field.id,
    seasonId,
    cropId: maizeId,
    budgetCategory: 'Seeds & Planting',
    amount: 30_000,
    date: '2026-03-15',
  });
  await call(request, owner, 'POST', `${API}/v1/costs`, { farmId, budgetCategory: 'Fuel', amount: 10_000, date: '2026-05-01' });
});

test('two harvests of the maize give its yield per acre against the expected', async ({ page }) => {
  await signIn(page, owner);
  await page.goto('/crops');
  const maize = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Maize' });
  await maize.getByRole('link', { name: 'Harvests and sales' }).click();
  await expect(page).toHaveURL(new RegExp(`/crops/${maizeId}$`));

  const record = async (quantity: string, unit: string, destination: string) => {
    await page.getByRole('button', { name: 'Record harvest' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Record a harvest' });
    await dialog.getByLabel(/^Date/).fill('2026-07-30');
    await dialog.getByLabel(/^Quantity/).fill(quantity);
    await dialog.getByRole('combobox', { name: /^Unit/ }).selectOption({ label: unit });
    await dialog.getByRole('combobox', { name: /^Where it went/ }).selectOption({ label: destination });
    await dialog.getByRole('button', { name: 'Record harvest' }).click();
    await expect(dialog).toBeHidden();
  };
  await record('20', '90 kg bag', 'Stored');
  await record('600', 'kg', 'Sold');

  const yieldBox = page.getByTestId('crop-yield');
  await expect(yieldBox).toContainText('Harvested so far: 2,400 kg');
  await expect(yieldBox).toContainText('400 kg per acre');
  await expect(yieldBox).toContainText('Expected 1,011.7 kg per acre: 40% so far');
  await expect(page.getByRole('list', { name: 'Harvests' }).getByRole('listitem')).toHaveCount(2);
});

test('a sale made off the platform is the crop’s income', async ({ page }) => {
  await signIn(page, owner);
  await page.goto(`/crops/${maizeId}`);
  await page.getByRole('button', { name: 'Record a sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a sale made off ShambaSoko' });
  await dialog.getByLabel(/^Date/).fill('2026-08-01');
  await dialog.getByLabel(/^Buyer/).fill('NCPB Kisumu');
  await dialog.getByLabel(/^Quantity/).fill('20');
  await dialog.getByRole('combobox', { name: /^Unit/ }).selectOption({ label: '90 kg bag' });
  await dialog.getByLabel(/^Price per unit/).fill('4500');
  await dialog.getByRole('combobox', { name: /^Payment method/ }).selectOption({ label: 'Cash' });
  await dialog.getByRole('button', { name: 'Record a sale' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('crop-income-total')).toHaveText(/^Total income: Ksh\s90,000$/);
});

test('the season report shows profit per acre per crop and for the farm', async ({ page }) => {
  await signIn(page, owner);
  await page.goto(`/season-report?farmId=${farmId}&seasonId=${seasonId}`);
  const report = page.getByTestId('season-report');
  const maize = report.locator('section').filter({ has: page.getByRole('heading', { name: 'Maize · Field A' }) });
  await expect(maize.getByText('Profit per acre').locator('xpath=following-sibling::dd')).toHaveText(kes(9_000));
  await expect(maize.getByText('Income').locator('xpath=following-sibling::dd')).toHaveText(kes(90_000));
  await expect(maize).toContainText('Yield: 400 of 1,011.7 kg per acre expected (40%)');
  const farm = report.locator('section').filter({ has: page.getByRole('heading', { name: 'Whole farm' }) });
  await expect(farm.getByText('Profit per acre').locator('xpath=following-sibling::dd')).toHaveText(kes(5_000));
  await expect(page.getByText(/Costs of the whole farm are split between fields by their size/)).toBeVisible();
});

test('the farm report PDF for a loan carries the same figures', async ({ page }) => {
  await signIn(page, owner);
  await page.goto(`/season-report?farmId=${farmId}&seasonId=${seasonId}`);
  await expect(page.getByRole('checkbox', { name: 'Yields' })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  const text = pdfText(readFileSync(await download.path()));
  expect(text).toContain('Farm report: Mavuno');
  expect(text).toContain('Maize · Field A · 6 acres');
  expect(text).toContain('Yield per acre\n400 kg');
  expect(text).toContain('Expected per acre\n1,011.7 kg (40% of expected)');
  expect(text).toContain('Profit per acre\nKsh 9,000');
  expect(text).toContain(
    'All seasons in this report\nIncome\nKsh 90,000\nCosts\nKsh 40,000\nProfit\nKsh 50,000\nProfit per acre\nKsh 5,000',
  );
});
