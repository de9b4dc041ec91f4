import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn } from './support/auth';

// Issue 43: a farm list page's first load carries no form code (the form library, its zod resolver,
// the contract schemas); the form brings it when it first opens, and then works as before.

/** A marker of react-hook-form and its resolvers, in any minified build. */
const FORM_CODE = 'shouldUseNativeValidation';

/** Every script the page receives, with whether it holds form code. */
function watchScripts(page: Page) {
  const scripts: { url: string; form: boolean }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    scripts.push({ url: response.url(), form: body.includes(FORM_CODE) });
  });
  return scripts;
}

test('the farms list loads its form code only when Add New Farm opens', async ({ page, request }) => {
  const owner = await createAccount(request, { firstName: 'Achieng', lastName: 'Odhiambo' });
  await page.setViewportSize({ width: 412, height: 915 });
  await signIn(page, owner);
  const scripts = watchScripts(page);
  await page.goto('/farms');
  await expect(page.getByRole('button', { name: 'Add New Farm' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.form).map((s) => s.url)).toEqual([]);

  await page.getByRole('button', { name: 'Add New Farm' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Farm' });
  await expect(add).toBeVisible();
  expect(scripts.some((s) => s.form)).toBe(true);
  // The contract's checks still run in the lazily loaded form.
  await add.getByRole('button', { name: 'Add Farm' }).click();
  await expect(add.getByText('Farm name is required.')).toBeVisible();
});
