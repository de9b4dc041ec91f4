import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';

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
  await post(request, `/v1/farms/${id}/fields`, { name: 'Hill Block', size: 2, cropType: 'Maize' });
  await signIn(page, owner);
  await page.goto('/activities');
  const filters = page.getByRole('button', { name: 'Filters (0)' });
  await expect(filters).toBeVisible();
  // The selects are folded away, so the list starts high on the screen.
  await expect(page.getByRole('combobox', { name: 'Farm' })).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Activities' }).or(page.getByText('No activities found.'));
  const box = await list.first().boundingBox();
  expect(box?.y ?? 9999).toBeLessThan(915);
  console.log(`first record / empty state y on Activities: ${box?.y}`);

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

  for (const route of ['/farms', '/fields', '/seasons', '/crops', '/activities', '/costs', '/users']) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(SHOTS, `${route.slice(1)}.png`) });
  }
});
