import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';

// Issue 17's farm page on a phone: Activities, Costs and Budget tabs with that farm's records, the
// location as a county plus a place, and skeletons inside the frame while a remote and its data load.
test.use({ viewport: { width: 412, height: 915 } });

const API = 'http://localhost:3000';
const SHOTS = path.join(__dirname, 'screenshots');
const tag = Date.now().toString(36);
const farmName = `Mlima Farm ${tag}`;
let owner: TestAccount;
let farmId = '';

async function send<T>(request: APIRequestContext, method: 'post' | 'put', path: string, data: object): Promise<T> {
  const res = await request[method](`${API}${path}`, { headers: { Authorization: `Bearer ${owner.accessToken}` }, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { body: T }).body;
}

/** A farm with one field, one activity, one cost and (optionally) a budget line. */
async function farmWith(request: APIRequestContext, name: string, records: { activity: string; cost: string; budget?: number }) {
  const farm = await send<{ id: string }>(request, 'post', '/v1/farms', {
    name,
    county: 'Nakuru',
    location: 'Njoro',
    totalSize: 6,
    owner: 'Wanjiru Mwangi',
  });
  const field = await send<{ id: string }>(request, 'post', `/v1/farms/${farm.id}/fields`, {
    name: 'Upper Block',
    size: 2,
    cropType: 'Maize',
  });
  await send(request, 'post', '/v1/activities', { farmId: farm.id, fieldId: field.id, name: records.activity });
  await send(request, 'post', '/v1/costs', { farmId: farm.id, budgetCategory: 'Fertilizers', description: records.cost, amount: 4_500 });
  if (records.budget) await send(request, 'put', '/v1/budgets', { farmId: farm.id, category: 'Fertilizers', planned: records.budget });
  return farm.id;
}

test.beforeAll(async ({ request }) => {
  mkdirSync(SHOTS, { recursive: true });
  owner = await createAccount(request, { firstName: 'Wanjiru', lastName: 'Mwangi' });
  farmId = await farmWith(request, farmName, { activity: 'Weeding', cost: `DAP top-up ${tag}`, budget: 20_000 });
  // Another farm of the same owner: none of its records may show on the first farm's tabs.
  await farmWith(request, `Other Farm ${tag}`, { activity: 'Pest Control', cost: `Other farm diesel ${tag}` });
});

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test('a farm page shows its own activities, costs and budget in tabs, with add actions for this farm', async ({ page }) => {
  await signIn(page, owner);
  await page.goto(`/farms/${farmId}`);
  await expect(page.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
  await expect(page.getByText('Njoro, Nakuru ·')).toBeVisible();

  await openTab(page, 'Activities');
  await expect(page).toHaveURL(/tab=activities/);
  const activities = page.getByRole('tabpanel');
  await expect(activities.getByText('Weeding').filter({ visible: true }).first()).toBeVisible();
  await expect(activities.getByText('Pest Control')).toHaveCount(0);
  await expect(activities.getByRole('button', { name: 'Log Activity' })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/farm-page-activities-412.png` });

  await openTab(page, 'Costs');
  const costs = page.getByRole('tabpanel');
  await expect(costs.getByTestId('costs-total')).toContainText('1 entry');
  await expect(costs.getByText(`DAP top-up ${tag}`).filter({ visible: true }).first()).toBeVisible();
  await expect(costs.getByText(`Other farm diesel ${tag}`)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/farm-page-costs-412.png` });
  await costs.getByRole('button', { name: 'Add Cost' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Cost' });
  await expect(add.getByRole('combobox', { name: /^Farm/ })).toHaveValue(farmId);
  await add.getByRole('button', { name: 'Cancel' }).click();

  await openTab(page, 'Budget');
  const cards = page.getByTestId('budget-cards');
  await expect(cards).toContainText('Planned Budget');
  await expect(cards).toContainText('20,000');
  await expect(cards).toContainText('Remaining');
  await expect(cards).toContainText('15,500');
  await page.screenshot({ path: `${SHOTS}/farm-page-budget-412.png` });

  // The deep link opens the tab straight away, and the old tabs still answer theirs.
  await page.goto(`/farms/${farmId}?tab=costs`);
  await expect(page.getByRole('tab', { name: 'Costs', selected: true })).toBeVisible();
  await page.goto(`/farms/${farmId}?tab=seasons`);
  await expect(page.getByRole('tab', { name: 'Seasons', selected: true })).toBeVisible();
});

test('edits the farm\'s county and place, shown as "Place, County"', async ({ page }) => {
  await signIn(page, owner);
  await page.goto(`/farms/${farmId}?tab=settings`);
  const county = page.getByRole('combobox', { name: /^County/ });
  await expect(county).toHaveValue('Nakuru');
  await county.selectOption('Kericho');
  await page.getByLabel(/^Place/).fill('Litein, near the tea factory');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
  await expect(page.getByText('Litein, near the tea factory, Kericho ·')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/farm-page-settings-412.png` });

  await page.goto('/farms');
  await expect(page.getByText('Litein, near the tea factory, Kericho').filter({ visible: true }).first()).toBeVisible();
});

/** Holds matching requests back for `ms`, as a slow connection would. */
async function slow(page: Page, match: (url: URL) => boolean, ms: number) {
  await page.route(match, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}
const remoteEntry = (url: URL) => url.pathname.endsWith('/remoteEntry.js');

test('on a slow connection /market paints a header and a product-grid skeleton before the products', async ({ page }) => {
  await slow(page, remoteEntry, 1_500);
  // The products and the featured row both (the featured row alone arrived while a busy CI machine was
  // still finding the skeleton, and its heading was on the page before the check ran).
  await slow(page, (url) => url.origin === API && (url.pathname === '/v1/products' || url.pathname === '/v1/products/featured'), 2_500);
  await page.goto('/market', { waitUntil: 'commit' });
  const skeleton = page.getByTestId('page-skeleton').or(page.getByTestId('product-grid-skeleton'));
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(skeleton.first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/skeleton-market-412.png` });
  // Then the market's own header and its products replace them.
  await expect(page.getByRole('combobox').first()).toBeVisible({ timeout: 15_000 });
  await expect(skeleton).toHaveCount(0, { timeout: 15_000 });
});

test('on a slow connection /dashboard paints the frame and the dashboard’s shape before its figures', async ({ page }) => {
  await signIn(page, owner);
  // A first visit teaches the browser which frame /dashboard sits in.
  await page.goto('/dashboard');
  await expect(page.getByText(farmName).first()).toBeVisible();
  await slow(page, remoteEntry, 1_500);
  await slow(page, (url) => url.origin === API && url.pathname === '/v1/dashboard', 2_500);
  // Without this the reload would show the figures saved for offline use at once (offline.spec.ts):
  // forget them, so the page has nothing to show but its shape until the API answers.
  await page.evaluate(() => indexedDB.deleteDatabase('shambasoko-offline'));
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('banner').first()).toBeVisible();
  await expect(page.getByTestId('page-skeleton').or(page.getByTestId('dashboard-skeleton')).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/skeleton-dashboard-412.png` });
  await expect(page.getByTestId('dashboard-skeleton')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(farmName).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('dashboard-skeleton')).toHaveCount(0);
});
