import { expect, test } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';

// Spec section 2's route list: public routes render bare, dashboard routes inside the layout.
const publicRoutes: Array<[string, RegExp]> = [
  ['/auth/get-started', /Get Started|Welcome Back!/],
  ['/auth/sign-in', /Sign In/],
  ['/auth/create-account', /Create Account/],
  ['/forgot-password', /Forgot Password/],
  ['/market', /Marketplace/],
  ['/market/item?itemId=1', /Product|not found/i],
  ['/cart', /Cart/],
  ['/checkout', /Checkout/],
  ['/legal/privacy-policy', /Privacy Policy/],
  ['/legal/terms-of-use', /Terms of Use/],
  ['/legal/cookie-policy', /Cookie Policy/],
  ['/legal/data-policy', /Data Policy/],
];

const dashboardRoutes: Array<[string, string]> = [
  ['/dashboard', 'Farmer Overview'],
  ['/farms', 'Farms'],
  ['/fields', 'Farm Fields'],
  ['/budget', 'Budget'],
  ['/seasons', 'Seasons'],
  ['/users', 'Farm Users'],
  ['/crops', 'Farm Crops'],
  ['/activities', 'Farm Activities'],
  ['/coming-soon', 'Coming Soon'],
];

test('the landing page renders without the dashboard layout', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

for (const [path, heading] of publicRoutes) {
  test(`public route ${path} renders bare`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
}

let account: TestAccount;
test.beforeAll(async ({ request }) => {
  account = await createAccount(request);
});

for (const [path, title] of dashboardRoutes) {
  test(`dashboard route ${path} renders inside the layout`, async ({ page }) => {
    await signIn(page, account);
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText(title);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });
}

test('an unknown path gets a proper not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
