import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';

// The farm dialogs on a phone (390 px): the contract's checks in the spec's words, then a save.
const SHOTS = '/tmp/farm-shots';

test('farm dialogs on a phone: validation errors, then a successful save', async ({ page, request }) => {
  mkdirSync(SHOTS, { recursive: true });
  const owner = await createAccount(request, { firstName: 'Neema', lastName: 'Chebet' });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, owner);
  await page.goto('/farms');

  await page.getByRole('button', { name: 'Add New Farm' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Farm' });
  await add.getByLabel(/Owner/).fill('');
  await add.getByLabel(/Total Size/).fill('0');
  await add.getByRole('button', { name: 'Add Farm' }).click();
  await expect(add.getByText('Farm name is required.')).toBeVisible();
  await expect(add.getByText('County is required.')).toBeVisible();
  await expect(add.getByText('Total size must be a number above 0.')).toBeVisible();
  await expect(add.getByText('Owner is required.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-add-farm-errors-390.png` });

  const name = `Phone Farm ${Date.now().toString(36)}`;
  await add.getByLabel(/Farm Name/).fill(name);
  await expect(add.getByText('Farm name is required.')).toBeHidden();
  await add.getByLabel(/County/).selectOption('Kericho');
  await add.getByLabel(/Total Size/).fill('3.5');
  await add.getByLabel(/Owner/).fill('Neema Chebet');
  await add.getByRole('button', { name: 'Add Farm' }).click();
  await expect(add).toBeHidden();
  // Phones show the list as cards; the table's copy of the name is hidden.
  await expect(page.getByText(name).filter({ visible: true }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-add-farm-saved-390.png` });

  await page.goto('/seasons');
  await page.getByRole('button', { name: 'Plan Season' }).click();
  const plan = page.getByRole('dialog', { name: 'Plan a Season' });
  await plan.getByLabel(/Start Date/).fill('2026-06-01');
  await plan.getByLabel(/End Date/).fill('2026-05-01');
  await plan.getByRole('button', { name: 'Plan Season' }).click();
  await expect(plan.getByText('Farm is required.')).toBeVisible();
  await expect(plan.getByText('Season name is required.')).toBeVisible();
  await expect(plan.getByText('Crop type is required.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-plan-season-errors-390.png` });
});
