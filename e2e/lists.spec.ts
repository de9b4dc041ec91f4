import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { call, list, newSeller } from './support/sellers';

// Issue 17's list screens on a phone: filters folded behind "Filters (n)" with removable chips, the
// add button floating bottom right, and a screenshot of every farm list page.
test.use({ viewport: { width: 412, height: 915 } });

const API = 'http://localhost:3000';
const SHOTS = path.join(__dirname, 'screenshots', 'lists');
const farmName = `Lists Farm ${Date.now().toString(36)}`;
let owner: TestAccount;

async function post<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.post(`${API}${path}`, { headers: { Authorization: `Bearer ${owner.accessToken}` }, data });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { body: T }).body;
}

test('Activities: Filters (n) with a removable chip, the floating Log Activity button and every list page on a phone', async ({
  page,
  request,
}) => {
  // One farm with a field, made through the API, so the filters have a farm to choose.
  mkdirSync(SHOTS, { recursive: true });
  owner = await createAccount(request, { firstName: 'Wanjiru', lastName: 'Kamau' });
  const { id } = await post<{ id: string }>(request, '/v1/farms', { name: farmName, location: 'Nakuru', totalSize: 4, owner: 'Wanjiru' });
  const field = await post<{ id: string }>(request, `/v1/farms/${id}/fields`, { name: 'Hill Block', size: 2, cropType: 'Maize' });
  await post(request, '/v1/activities', { farmId: id, fieldId: field.id, name: 'Weeding', userId: owner.userId, dueDate: '2026-11-30' });
  await post(request, '/v1/costs', {
    farmId: id,
    budgetCategory: 'Fuel',
    description: '=Diesel for the pump',
    amount: 4500,
    date: '2026-11-20',
  });
  const season = await post<{ id: string }>(request, '/v1/seasons', {
    farmId: id,
    fieldId: field.id,
    name: 'Short Rains 2026',
    cropType: 'Maize',
    startDate: '2026-10-01',
    endDate: '2027-02-28',
    status: 'active',
  });
  await post(request, '/v1/crops', {
    farmId: id,
    fieldId: field.id,
    seasonId: season.id,
    name: 'Maize',
    area: 2,
    plantedDate: '2026-10-05',
    expectedHarvest: '2027-02-20',
  });
  await signIn(page, owner);
  await page.goto('/activities');
  const filters = page.getByRole('button', { name: 'Filters (0)' });
  await expect(filters).toBeVisible();
  // The selects are folded away, so the list starts high on the screen.
  await expect(page.getByRole('combobox', { name: 'Farm' })).toHaveCount(0);
  // A compact row: name, due date and assignee, status; the whole of it within the first screen.
  const row = page.getByRole('list', { name: 'Activities' }).getByRole('listitem').first();
  await expect(row).toContainText('Weeding');
  await expect(row).toContainText('Due 30 Nov 2026');
  await expect(row).toContainText('Wanjiru Kamau');
  const box = (await row.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(915);
  expect(box.height).toBeGreaterThanOrEqual(44);
  console.log(`first Activities row on a phone: y ${Math.round(box.y)}, height ${Math.round(box.height)}`);
  // The row opens the activity; its Start button is a tap target of its own.
  await expect(row.getByRole('button', { name: 'Start Weeding' })).toBeVisible();
  await row.getByText('Weeding', { exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const add = page.getByRole('button', { name: 'Log Activity' });
  const addBox = await add.boundingBox();
  expect(addBox!.y + addBox!.height).toBeGreaterThan(915 - 40);
  expect(addBox!.height).toBeGreaterThanOrEqual(44);

  await filters.click();
  await page.getByRole('combobox', { name: 'Farm' }).selectOption({ label: farmName });
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'activities-filtered.png') });
  await page.getByRole('button', { name: `Remove filter Farm: ${farmName}` }).click();
  await expect(page.getByRole('button', { name: 'Filters (0)' })).toBeVisible();

  // The market's lists too: an order of a seller's product, seen by the buyer and by the seller.
  const shop = await newSeller(request, `Lists Shop ${Date.now().toString(36)}`, 'Nakuru');
  const productId = await list(request, shop, { title: `Shangi Potatoes ${Date.now().toString(36)}`, price: 80, stock: 50 });
  await call(request, owner, 'POST', `${API}/v1/cart/items`, { productId, quantity: 3 });
  const where = { address: 'Near the stage', city: 'Nakuru', state: 'Nakuru', postalCode: '20100' };
  const placed = await request.post(`${API}/v1/orders`, {
    headers: { authorization: `Bearer ${owner.accessToken}`, 'idempotency-key': randomUUID() },
    data: {
      shipping: { firstName: 'Wanjiru', lastName: 'Kamau', email: owner.email, phone: '0712 345 678', ...where },
      delivery: 'standard',
      payment: { method: 'bank' },
    },
  });
  expect(`${placed.status()} ${await placed.text()}`).toMatch(/^201 /);

  for (const route of ['/farms', '/fields', '/seasons', '/crops', '/activities', '/costs', '/users', '/orders']) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(SHOTS, `${route.slice(1)}.png`) });
  }
  await signIn(page, shop.account);
  await page.goto('/seller/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(SHOTS, 'seller-sales.png') });
});

test('Export CSV saves the filtered costs as a file the API wrote, and Users lists each person once', async ({ page, request }) => {
  owner = await createAccount(request, { firstName: 'Achieng', lastName: 'Otieno' });
  const farms = await Promise.all(
    ['Kilima', 'Bonde'].map((name) =>
      post<{ id: string }>(request, '/v1/farms', {
        name: `${name} ${Date.now().toString(36)}`,
        location: 'Kisumu',
        totalSize: 3,
        owner: 'Achieng',
      }),
    ),
  );
  const costs = [
    [farms[0]!.id, 'Fuel', '=Diesel, 20 l', 4500, '2026-11-20'],
    [farms[1]!.id, 'Labor', 'Weeding crew', 3000, '2026-11-21'],
  ] as const;
  for (const [farmId, budgetCategory, description, amount, date] of costs) {
    await post(request, '/v1/costs', { farmId, budgetCategory, description, amount, date });
  }
  await signIn(page, owner);
  await page.goto('/costs');
  await page.getByRole('button', { name: 'Filters (0)' }).click();
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Fuel');
  await expect(page.getByRole('list', { name: 'Costs' }).getByRole('listitem')).toHaveCount(1);
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await saving;
  expect(file.suggestedFilename()).toMatch(/^costs-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('\uFEFFDate,Description,Category,Activity,Farm,Field,Amount (KES)');
  // Only the filtered entry, its formula-like text kept as text.
  expect(lines.slice(1, -1)).toEqual([expect.stringMatching(/^2026-11-20,"'=Diesel, 20 l",Fuel,Other,Kilima \w+,Whole farm,4500$/)]);

  // The owner is on both farms: one row, both farms with the role.
  await page.goto('/users');
  const people = page.getByRole('list', { name: 'Farm users' }).getByRole('listitem');
  await expect(people).toHaveCount(1);
  await expect(people.first()).toContainText('Kilima');
  await expect(people.first()).toContainText('Bonde');
  await expect(people.first()).toContainText('Owner');
  await page.screenshot({ path: path.join(SHOTS, 'users-grouped.png') });
});
