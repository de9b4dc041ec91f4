import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { call } from './support/sellers';

// Issue 17, lighter cost entry and an honest budget, on a phone: a farm-wide cost with only amount,
// category and date; the list's total; the first-budget call to action; amber and red categories.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 412, height: 915 } });

const API = 'http://localhost:3000';
const SHOTS = 'e2e/screenshots';
let owner: TestAccount;
let farmId = '';

/** axe's serious and critical WCAG 2.1 AA findings on the page as it is. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test.beforeAll(async ({ request }) => {
  mkdirSync(SHOTS, { recursive: true });
  owner = await createAccount(request, { firstName: 'Wanjiku', lastName: 'Muthoni' });
  const farm = await call<{ id: string }>(request, owner, 'POST', `${API}/v1/farms`, {
    name: `Fuel Shamba ${Date.now().toString(36)}`,
    location: 'Nyeri',
    totalSize: 3,
    owner: 'Wanjiku',
  });
  farmId = farm.id;
});

test('a new user is asked to set a first budget', async ({ page }) => {
  await signIn(page, owner);
  await page.goto('/budget');
  const cta = page.getByTestId('first-budget');
  await expect(cta.getByRole('heading', { name: 'Set your first budget' })).toBeVisible();
  await expect(page.getByText(/Under budget/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/costs-first-budget-412.png`, fullPage: true });
});

test('adds a farm-wide cost with only amount, category and date; the total follows', async ({ page }) => {
  await signIn(page, owner);
  await page.goto('/costs');
  const total = page.getByTestId('costs-total');
  await expect(total).toHaveText(/^Total: Ksh\s0 · 0 entries$/);

  await page.getByRole('button', { name: 'Add Cost' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add New Cost' });
  // The user's only farm is already chosen; field, season and crop stay empty.
  await expect(add.getByRole('combobox', { name: /^Farm/ })).toHaveValue(farmId);
  await expect(add.getByRole('combobox', { name: /^Field/ })).not.toHaveAttribute('required', '');
  await add.getByLabel('Amount (Ksh)').fill('4500');
  await add.getByRole('combobox', { name: /Budget Category/ }).selectOption('Fuel');
  await add.getByLabel(/^Date/).fill('2026-11-20');
  await page.screenshot({ path: `${SHOTS}/costs-add-farm-wide-412.png`, fullPage: true });
  await add.getByRole('button', { name: 'Add Cost' }).click();
  await expect(add).toBeHidden();

  // On a phone the table is a list of cards.
  const row = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Whole farm' });
  await expect(row).toContainText('Whole farm');
  await expect(row).toContainText('4,500');
  await expect(total).toHaveText(/^Total: Ksh\s4,500 · 1 entry$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/costs-list-total-412.png`, fullPage: true });
});

test('budget categories turn amber from 80% and red from 100%, with words', async ({ page, request }) => {
  // Fuel: 4,500 spent of 5,000 (90%); Labor: 12,000 of 10,000 (120%); Seeds: 1,000 of 10,000 (10%).
  for (const [category, planned] of [
    ['Fuel', 5_000],
    ['Labor', 10_000],
    ['Seeds & Planting', 10_000],
  ] as const) {
    await call(request, owner, 'PUT', `${API}/v1/budgets`, { farmId, category, planned });
  }
  for (const [budgetCategory, amount] of [
    ['Labor', 12_000],
    ['Seeds & Planting', 1_000],
  ] as const) {
    await call(request, owner, 'POST', `${API}/v1/costs`, { farmId, budgetCategory, amount });
  }
  await signIn(page, owner);
  await page.goto('/budget');
  await expect(page.getByTestId('first-budget')).toHaveCount(0);
  const cards = page.getByTestId('budget-cards');
  await expect(cards.getByText('Remaining')).toBeVisible();
  await expect(cards.getByText('Variance')).toHaveCount(0);

  const fuel = page.getByTestId('category-Fuel');
  await expect(fuel.getByTestId('level-Fuel')).toHaveText('Nearly used');
  await expect(fuel.getByRole('meter').locator('div')).toHaveClass(/bg-amber-500/);
  const labor = page.getByTestId('category-Labor');
  await expect(labor.getByTestId('level-Labor')).toHaveText(/Over budget by Ksh\s2,000/);
  await expect(labor.getByRole('meter').locator('div')).toHaveClass(/bg-red-600/);
  const seeds = page.getByTestId('category-Seeds & Planting');
  await expect(seeds.getByTestId('level-Seeds & Planting')).toHaveText('On track');
  await expect(seeds.getByRole('meter').locator('div')).toHaveClass(/bg-brand-600/);
  await page.getByRole('heading', { name: 'Budget by Category' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/costs-budget-levels-412.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});
