import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, DEMO, loginAccount, signIn, type TestAccount } from './support/auth';

// Issue 4's browser flows, one farm carried through them in order: a farm, a field on it, a season
// and a crop, an activity's life, a cost against a budget, and a Viewer who may only look.
test.describe.configure({ mode: 'serial' });

const API = 'http://localhost:3000';
const SHOTS = '/tmp/farm-shots';
const farmName = `Shamba Test ${Date.now().toString(36)}`;
let owner: TestAccount;
let farmId = '';

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const select = (scope: Locator, label: RegExp) => scope.getByRole('combobox', { name: label });

/** Picks an option by its visible text once the cascading list has loaded it. */
async function choose(scope: Locator, label: RegExp, option: string) {
  const control = select(scope, label);
  await expect(control.locator('option', { hasText: option })).toHaveCount(1);
  await control.selectOption({ label: option });
}

type Cost = { activity: string; category: string; description: string; amount: string };

/** Adds a cost on North Field, Long Rains 2026, Maize; checks the farm it opens on when given one. */
async function addMaizeCost(page: Page, cost: Cost, farmId?: string) {
  await page.getByRole('button', { name: 'Add Cost' }).click();
  const add = dialog(page, 'Add New Cost');
  if (farmId) await expect(select(add, /^Farm/)).toHaveValue(farmId);
  await choose(add, /^Field/, 'North Field');
  await choose(add, /^Season/, 'Long Rains 2026');
  await choose(add, /^Crop/, 'Maize');
  await add.getByRole('combobox', { name: /Activity Type/ }).selectOption(cost.activity);
  await add.getByRole('combobox', { name: /Budget Category/ }).selectOption(cost.category);
  await add.getByLabel(/Description/).fill(cost.description);
  await add.getByLabel(/Amount/).fill(cost.amount);
  await add.getByRole('button', { name: 'Add Cost' }).click();
  await expect(add).toBeHidden();
}

test.beforeAll(async ({ request }) => {
  owner = await createAccount(request, { firstName: 'Amina', lastName: 'Wafula' });
});

test('add a farm and see it after a reload', async ({ page }) => {
  await signIn(page, owner);
  await page.goto('/farms');
  await expect(page.getByText('No farms yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add New Farm' }).click();
  const add = dialog(page, 'Add New Farm');
  // Required fields answer with messages instead of silently doing nothing.
  await add.getByLabel(/Owner/).fill('');
  await add.getByRole('button', { name: 'Add Farm' }).click();
  await expect(add.getByText('Farm name is required.')).toBeVisible();
  await add.getByLabel(/Farm Name/).fill(farmName);
  await add.getByLabel(/County/).selectOption('Nakuru');
  await add.getByLabel(/Place/).fill('Njoro');
  await add.getByLabel(/Total Size/).fill('42.5');
  await add.getByLabel(/Owner/).fill('Amina Wafula');
  await expect(add.getByLabel('Established')).toHaveValue(String(new Date().getFullYear()));
  await add.getByRole('button', { name: 'Add Farm' }).click();
  await expect(add).toBeHidden();

  await expect(page.getByRole('row', { name: new RegExp(farmName) })).toBeVisible();
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(farmName) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Njoro, Nakuru');

  // Search over name, location and owner happens on the server.
  await page.getByRole('searchbox', { name: 'Search Farms' }).fill('no such farm');
  await expect(page.getByText('No farms found.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search Farms' }).fill('nakuru');
  await row.click();
  await expect(page).toHaveURL(/\/farms\/[0-9a-f-]{36}$/);
  farmId = page.url().split('/farms/')[1] ?? '';
  await expect(page.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
});

test('a repeat visit shows the dashboard this phone saved at once, then the server’s answer', async ({ page }) => {
  await signIn(page, owner);
  await page.goto('/dashboard');
  const farmLink = page.locator('#main-content').getByRole('link', { name: new RegExp(farmName) });
  await expect(farmLink).toBeVisible();
  // The dashboard's answer is saved on the device (IndexedDB), for this account.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const uid = localStorage.getItem('shambasoko.offline.saved');
        if (!uid) return false;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('shambasoko-offline');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const saved = await new Promise<{ clientState?: { queries?: Array<{ queryKey: unknown[] }> } } | undefined>((resolve) => {
          const read = db.transaction('keyval').objectStore('keyval').get(`cache:${uid}`);
          read.onsuccess = () => resolve(read.result as never);
          read.onerror = () => resolve(undefined);
        });
        db.close();
        return (saved?.clientState?.queries ?? []).some((q) => q.queryKey[1] === 'dashboard');
      }),
    )
    .toBe(true);

  // The next visit, on a link where the server's answers are slow to come.
  let release: () => void = () => undefined;
  const serverSlow = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/v1\/dashboard$/, async (route) => {
    await serverSlow;
    const answer = await route.fetch();
    const body = (await answer.json()) as { body: { farms: Array<{ name: string }> } };
    for (const farm of body.body.farms) farm.name = `${farm.name} (fresh)`;
    await route.fulfill({ response: answer, json: body });
  });
  // When the page first shows a farm of the dashboard (ms since the navigation started), and whether its skeleton ever shows.
  await page.addInitScript(() => {
    const seen = window as { farmShownAt?: number; skeletonShown?: boolean };
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="dashboard-skeleton"]')) seen.skeletonShown = true;
      if (seen.farmShownAt === undefined && document.querySelector('#main-content a[href^="/farms/"]'))
        seen.farmShownAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  // What the phone saved is on screen at once, never a skeleton, while the server has not answered.
  await expect(farmLink).toBeVisible();
  await expect(farmLink).not.toContainText('(fresh)');
  // The page asks again once its first screen is up, and the server's answer replaces what was saved.
  release();
  await expect(farmLink).toContainText(`${farmName} (fresh)`);
  const timing = await page.evaluate(() => {
    const seen = window as { farmShownAt?: number; skeletonShown?: boolean };
    const asked = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('/v1/dashboard'));
    return { shownAt: seen.farmShownAt ?? Infinity, skeleton: seen.skeletonShown ?? false, askedAt: asked.map((entry) => entry.startTime) };
  });
  expect(timing.skeleton).toBe(false);
  // Asked once, and only after the saved farms were on screen.
  expect(timing.askedAt).toHaveLength(1);
  expect(timing.askedAt[0]).toBeGreaterThan(timing.shownAt);
  await page.unroute(/\/v1\/dashboard$/);
});

test('add a field to the farm', async ({ page }) => {
  await signIn(page, owner);
  await page.goto(`/farms/${farmId}`);
  await expect(page.getByText('No fields found. Click the + button to add a new field.')).toBeVisible();
  await page.getByRole('button', { name: 'Add New Field' }).click();
  const add = dialog(page, 'Add New Field');
  await expect(add.getByLabel('Unit')).toHaveValue('acres');
  await add.getByLabel(/Field Name/).fill('North Field');
  await add.getByLabel(/^Size/).fill('4.5');
  await add.getByLabel(/Crop Type/).fill('Maize');
  await add.getByRole('button', { name: 'Add Field' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('row', { name: /North Field/ })).toBeVisible();
  await expect(page.getByText(/1 field\b/)).toBeVisible();

  await page.getByRole('row', { name: /North Field/ }).click();
  await expect(page).toHaveURL(new RegExp(`/farms/${farmId}/fields/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'North Field' })).toBeVisible();
});

test('plan a season and a crop', async ({ page }) => {
  await signIn(page, owner);
  await page.goto(`/farms/${farmId}?tab=seasons`);
  await page.getByRole('button', { name: 'Plan Season' }).click();
  const plan = dialog(page, 'Plan a Season');
  await choose(plan, /^Field/, 'North Field');
  await plan.getByLabel(/Season Name/).fill('Long Rains 2026');
  await plan.getByLabel(/Crop Type/).fill('Maize');
  await plan.getByLabel(/Start Date/).fill('2026-03-01');
  await plan.getByLabel(/End Date/).fill('2026-02-01');
  await plan.getByLabel('Status').selectOption('active');
  await plan.getByRole('button', { name: 'Plan Season' }).click();
  await expect(plan.getByText('End date must be on or after the start date.')).toBeVisible();
  await plan.getByLabel(/End Date/).fill('2026-08-31');
  await plan.getByRole('button', { name: 'Plan Season' }).click();
  await expect(plan).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Long Rains 2026' })).toContainText('Active');
  await expect(page.getByText('31 Aug 2026').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Crops' }).click();
  await page.getByRole('button', { name: 'Add Crop' }).click();
  const crop = dialog(page, 'Add Crop');
  await choose(crop, /^Field/, 'North Field');
  await choose(crop, /^Season/, 'Long Rains 2026');
  await crop.getByLabel(/^Crop\b/).fill('Maize');
  await crop.getByLabel(/Area/).fill('4');
  await crop.getByLabel(/Planted Date/).fill('2026-03-10');
  await crop.getByLabel(/Expected Harvest/).fill('2026-08-20');
  await crop.getByLabel(/Yield per Hectare/).fill('3.5');
  await crop.getByRole('button', { name: 'Add Crop' }).click();
  await expect(crop).toBeHidden();
  const row = page.getByRole('row', { name: /Maize/ });
  await expect(row).toContainText('10 Mar 2026');
  await expect(row).toContainText('3.5 t/ha');
});

test('log an activity, change its status, delete it after confirming', async ({ page }) => {
  await signIn(page, owner);
  await page.goto('/activities');
  await page.getByRole('button', { name: 'Log Activity' }).click();
  const log = dialog(page, 'Log Activity');
  await choose(log, /^Farm/, farmName);
  await choose(log, /^Field/, 'North Field');
  await log.getByRole('combobox', { name: /Activity Type/ }).selectOption('Weeding');
  await log.getByRole('button', { name: 'Log Activity' }).click();
  await expect(log).toBeHidden();

  const row = page.getByRole('row', { name: /Weeding/ });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: 'View Weeding activity' }).click();
  const view = dialog(page, 'View Activity');
  await view.getByLabel('Status').selectOption('In Progress');
  await view.getByRole('button', { name: 'Save' }).click();
  await expect(view).toBeHidden();
  await expect(row).toContainText('In Progress');

  // The filters narrow it on the server: another farm's view would be empty. They sit behind "Filters (n)".
  await page.getByRole('button', { name: 'Filters (0)' }).click();
  await choose(page.locator('main'), /^Farm/, farmName);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete Weeding activity' }).click();
  const confirm = dialog(page, 'Delete Activity');
  await expect(confirm).toContainText(`Are you sure you want to delete Weeding activity at ${farmName}?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete Weeding activity' }).click();
  await dialog(page, 'Delete Activity').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No activities found.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No activities found.')).toBeVisible();
});

test('add a cost and see the budget numbers change', async ({ page }) => {
  await signIn(page, owner);
  await page.goto('/budget');
  await choose(page.locator('main'), /^Farm/, farmName);
  // No plan yet: a call to action instead of "Ksh 0, under budget".
  await expect(page.getByTestId('first-budget')).toContainText('Set your first budget');
  const cards = page.getByTestId('budget-cards');

  await page.getByRole('button', { name: 'Set Budget' }).click();
  const plan = dialog(page, 'Set Planned Budget');
  await expect(select(plan, /^Farm/)).toHaveValue(farmId);
  await plan.getByLabel('Fertilizers').fill('50000');
  await plan.getByLabel('Labor').fill('10000');
  await plan.getByRole('button', { name: 'Save Budget' }).click();
  await expect(plan).toBeHidden();
  await expect(cards.getByText('Planned Budget').locator('..')).toContainText('60,000');

  await addMaizeCost(page, { activity: 'Fertilizing', category: 'Fertilizers', description: 'DAP 50 kg bags', amount: '12500' }, farmId);

  await expect(cards.getByText('Actual Spent').locator('..')).toContainText('12,500');
  await expect(cards.getByText('Remaining').locator('..')).toContainText('47,500');
  await expect(page.getByTestId('donut-percent')).toHaveText('20.8%');
  await expect(page.getByTestId('category-Fertilizers')).toContainText('25%');
  await expect(page.getByRole('row', { name: /DAP 50 kg bags/ })).toContainText('12,500');

  // Overspending a category keeps its bar full and shows the excess in red.
  await addMaizeCost(page, { activity: 'Weeding', category: 'Labor', description: 'Casual labour, weeding', amount: '15000' });
  const labor = page.getByTestId('category-Labor');
  await expect(labor).toContainText('150%');
  await expect(labor).toContainText('Over budget by Ksh');
  await expect(labor.getByRole('meter')).toHaveAttribute('aria-valuenow', '100');

  // The dashboard counts the same money.
  await page.goto('/dashboard');
  await expect(page.getByTestId('budget-spent')).toContainText('27,500');
});

test('a Viewer sees no edit controls and the API refuses their writes', async ({ page, request }) => {
  const viewer = await createAccount(request, { firstName: 'Juma', lastName: 'Otieno' });
  await signIn(page, owner);
  await page.goto(`/farms/${farmId}?tab=users`);
  await expect(page.getByRole('row', { name: /Amina Wafula/ })).toContainText('Owner');
  // The Owner row has no remove action.
  await expect(page.getByRole('row', { name: /Amina Wafula/ }).getByRole('button', { name: /Remove/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add User' }).click();
  const add = dialog(page, 'Add User');
  await expect(add.getByRole('combobox', { name: 'Role' }).locator('option', { hasText: 'Owner' })).toHaveCount(0);
  await add.getByLabel(/Name/).first().fill('Juma Otieno');
  await add.getByLabel(/Email/).fill(viewer.email);
  await add.getByLabel(/Phone/).fill('+254 711 222 333');
  await add.getByRole('combobox', { name: 'Role' }).selectOption('Viewer');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('row', { name: /Juma Otieno/ })).toContainText('Viewer');

  await signIn(page, viewer);
  await page.goto(`/farms/${farmId}`);
  await expect(page.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
  await expect(page.getByRole('row', { name: /North Field/ })).toBeVisible();
  // No floating add button at all (a greyed one was a dead end).
  await expect(page.getByRole('button', { name: 'Add New Field' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Farm Settings' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete Farm' })).toBeDisabled();
  await expect(page.getByLabel(/Farm Name/)).toHaveAttribute('readonly', '');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('button', { name: 'Add User' })).toBeDisabled();
  // The farm's books are not a Viewer's: no Costs or Budget tab, and /budget says who sees them.
  await expect(page.getByRole('tab', { name: 'Costs' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Budget' })).toHaveCount(0);
  await page.goto('/budget');
  await expect(page.getByText('No budget or costs to show')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Cost' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Set Budget' })).toHaveCount(0);
  const books = await request.get(`${API}/v1/costs?farmId=${farmId}`, { headers: { authorization: `Bearer ${viewer.accessToken}` } });
  expect(books.status()).toBe(403);

  const headers = { authorization: `Bearer ${viewer.accessToken}` };
  const field = await request.post(`${API}/v1/farms/${farmId}/fields`, { headers, data: { name: 'Sneaky', size: 1, cropType: 'Beans' } });
  expect(field.status()).toBe(403);
  const edit = await request.patch(`${API}/v1/farms/${farmId}`, { headers, data: { name: 'Taken over' } });
  expect(edit.status()).toBe(403);
  expect(((await edit.json()) as { header: { customerMessage: string } }).header.customerMessage).not.toBe('');
});

test('screenshots of the dashboard, a farm, activities and budget', async ({ page, request }) => {
  mkdirSync(SHOTS, { recursive: true });
  // The seeded demo account shows living figures; fall back to this run's account without it.
  let account = owner;
  let demoFarm = farmId;
  try {
    account = await loginAccount(request, DEMO.email, DEMO.password);
    const farms = await request.get(`${API}/v1/farms?pageSize=1`, { headers: { authorization: `Bearer ${account.accessToken}` } });
    demoFarm = ((await farms.json()) as { body: { items: { id: string }[] } }).body.items[0]?.id ?? farmId;
  } catch {
    account = owner;
  }
  await signIn(page, account);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const shots: Array<[string, string, string]> = [
      ['dashboard', '/dashboard', 'Your Farms'],
      ['farm', `/farms/${demoFarm}`, 'Fields'],
      ['activities', '/activities', 'Search Activities'],
      ['budget', '/budget', 'Budget by Category'],
    ];
    for (const [name, path, ready] of shots) {
      await page.goto(path);
      await expect(page.getByText(ready, { exact: true }).first()).toBeAttached();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png`, fullPage: true });
    }
    // Two more views worth a look: a farm's settings, and a dialog with the cascading selectors.
    await page.goto(`/farms/${demoFarm}?tab=settings`);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/farm-settings-${width}x${height}.png`, fullPage: true });
    await page.goto('/budget');
    await page.getByRole('button', { name: 'Add Cost' }).click();
    await page.getByRole('dialog', { name: 'Add New Cost' }).getByRole('button', { name: 'Add Cost' }).click();
    await expect(page.getByText('Amount is required.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/add-cost-${width}x${height}.png` });
  }
});
