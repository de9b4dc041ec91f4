import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';

// Issue 17's tasks flow on a phone: an activity due today shows on the dashboard under Due today,
// is marked done in one tap from the list, Undo brings it back, and done again it leaves the dashboard.
test.use({ viewport: { width: 412, height: 915 } });

const API = 'http://localhost:3000';
const SHOTS = path.join(__dirname, 'screenshots');
const farmName = `Tasks Farm ${Date.now().toString(36)}`;
let owner: TestAccount;

/** Today in Nairobi, as the API counts "due today". */
const nairobiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function post<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.post(`${API}${path}`, { headers: { Authorization: `Bearer ${owner.accessToken}` }, data });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { body: T }).body;
}

async function choose(scope: Locator, label: RegExp, option: string) {
  const control = scope.getByRole('combobox', { name: label });
  await expect(control.locator('option', { hasText: option })).toHaveCount(1);
  await control.selectOption({ label: option });
}

test.beforeAll(async ({ request }) => {
  mkdirSync(SHOTS, { recursive: true });
  owner = await createAccount(request, { firstName: 'Neema', lastName: 'Achieng' });
  const farm = await post<{ id: string }>(request, '/v1/farms', { name: farmName, location: 'Kisumu', totalSize: 3, owner: 'Neema' });
  await post(request, `/v1/farms/${farm.id}/fields`, { name: 'Lake Block', size: 1, cropType: 'Beans' });
});

test('an activity due today: on the dashboard, done in one tap, Undo, done again and gone', async ({ page }) => {
  await signIn(page, owner);
  await page.goto('/activities');
  await page.getByRole('button', { name: 'Log Activity' }).first().click();
  const log = page.getByRole('dialog', { name: 'Log Activity' });
  await choose(log, /^Farm/, farmName);
  await choose(log, /^Field/, 'Lake Block');
  await choose(log, /^Assign to/, 'Neema Achieng');
  await log.getByRole('combobox', { name: /Activity Type/ }).selectOption('Weeding');
  await log.getByLabel('Due Date').fill(nairobiToday());
  await log.getByRole('button', { name: 'Log Activity' }).click();
  await expect(log).toBeHidden();

  await page.goto('/dashboard');
  const dueToday = page.getByRole('region', { name: 'Due today' });
  await expect(dueToday).toContainText('Weeding');
  await expect(dueToday).toContainText('Lake Block');
  // The phone's top bar leaves the title room to be read whole (it was cut to "Farmer…").
  const title = page.getByTestId('page-title');
  await expect(title).toHaveText('Farmer Overview');
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/tasks-dashboard-412.png`, fullPage: false });

  await page.goto('/activities');
  const card = page.getByRole('list', { name: 'Activities' }).getByRole('listitem').filter({ hasText: 'Weeding' });
  await expect(card).toContainText('Neema Achieng');
  await card.getByRole('button', { name: 'Mark done Weeding' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Weeding' });
  await expect(toast).toContainText('Weeding marked done.');
  await expect(card).toContainText('Completed');
  await page.screenshot({ path: `${SHOTS}/tasks-activities-done-412.png`, fullPage: false });

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(toast).toContainText('Undone: Weeding is Pending again.');
  await expect(card).toContainText('Pending');
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Due today' })).toContainText('Weeding');

  // Done again, this time from the dashboard row itself: it leaves the dashboard.
  await page.getByRole('region', { name: 'Due today' }).getByRole('button', { name: 'Mark done Weeding' }).click();
  await expect(page.getByText('Nothing due today or overdue.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Nothing due today or overdue.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Due today' })).toHaveCount(0);
});
