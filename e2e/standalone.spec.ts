import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginAccount, signIn } from './support/auth';

// Each remote's production build opened on its own, without the shell: standalone.html boots the
// shared runtime and loads the remote's own remoteEntry.js from the same folder.
const FARM = 'http://localhost:3003';
const MARKET = 'http://localhost:3002';
const AUTH = 'http://localhost:3001';
const LEGAL = 'http://localhost:3004';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('the farm remote opens alone, signed in, and shows the account’s farms', async ({ page, request }) => {
  const errors = collectErrors(page);
  const demo = await loginAccount(request, DEMO.email, DEMO.password);
  await page.goto(`${FARM}/standalone.html`);
  // The session lives in this origin's storage: sign in here, then load the page again.
  await signIn(page, demo);
  await page.goto(`${FARM}/standalone.html`);
  await expect(page.getByTestId('standalone-title')).toHaveText(/^farm standalone · v\d+\.\d+\.\d+/);
  await expect(page.getByText(`Signed in as ${DEMO.email}`)).toBeVisible();
  const routes = page.getByRole('navigation', { name: 'Routes of this remote' });
  await expect(routes.getByRole('link', { name: '/dashboard' })).toBeVisible();
  await expect(routes.getByText('/farms/:farmId (opened from another page)')).toBeVisible();

  await routes.getByRole('link', { name: '/farms', exact: true }).click();
  await expect(page).toHaveURL(`${FARM}/farms`);
  await expect(page.getByRole('row', { name: /Kamau Family Farm/ })).toBeVisible();
  // The remote's scoped styles apply inside its scope, as in the shell.
  await expect(page.locator('[data-mf="farm"]')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('farm-standalone.png'), fullPage: true });

  await page.getByRole('link', { name: 'Routes', exact: true }).click();
  await expect(page).toHaveURL(`${FARM}/standalone.html`);
  await expect(routes).toBeVisible();
  expect(errors).toEqual([]);
});

test('the market remote opens alone and lists products', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(`${MARKET}/standalone.html`);
  await expect(page.getByTestId('standalone-title')).toHaveText(/^market standalone/);
  await page.getByRole('navigation', { name: 'Routes of this remote' }).getByRole('link', { name: '/market', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Featured Products' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toContainText(/\d+ products? found/);
  await page.screenshot({ path: test.info().outputPath('market-standalone.png'), fullPage: true });
  expect(errors).toEqual([]);
});

// The auth and legal teams test their remotes alone too (`npm test -w mfe-auth`, `-w mfe-legal`), on a phone.
test.describe('on a 412 x 915 phone', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test('the auth remote opens alone and shows its sign-in page', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`${AUTH}/standalone.html`);
    await expect(page.getByTestId('standalone-title')).toHaveText(/^auth standalone/);
    const routes = page.getByRole('navigation', { name: 'Routes of this remote' });
    await routes.getByRole('link', { name: '/auth/sign-in', exact: true }).click();
    await expect(page).toHaveURL(`${AUTH}/auth/sign-in`);
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    await expect(page.locator('[data-mf="auth"]')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('auth-standalone.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  test('the legal remote opens alone and shows its privacy policy', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`${LEGAL}/standalone.html`);
    await expect(page.getByTestId('standalone-title')).toHaveText(/^legal standalone/);
    const routes = page.getByRole('navigation', { name: 'Routes of this remote' });
    await routes.getByRole('link', { name: '/legal/privacy-policy', exact: true }).click();
    await expect(page).toHaveURL(`${LEGAL}/legal/privacy-policy`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Privacy Policy/);
    await expect(page.locator('[data-mf="legal"]')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('legal-standalone.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
