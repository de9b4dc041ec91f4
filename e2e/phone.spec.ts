import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';
import { MAIZE, openProduct } from './support/market';

// The product on a mid-range Android phone (412 × 915 CSS px). Screenshots are kept as the run's artefacts.
const SHOTS = path.join(__dirname, 'screenshots', 'phone');
test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

test('the product page keeps the price and Add to Cart in reach while the buyer reads on', async ({ page }) => {
  await openProduct(page, 'maiz', MAIZE);
  const bar = page.getByRole('region', { name: 'Buy' });
  // The buy row is on screen first: no second Add to Cart.
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).scrollIntoViewIfNeeded();
  await expect(bar).toHaveCount(0);

  await page.getByRole('tab', { name: 'Description' }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 900);
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(/Ksh\s650/);
  const box = await bar.boundingBox();
  expect(box!.y + box!.height).toBeCloseTo(915, -1);
  await page.screenshot({ path: path.join(SHOTS, 'product-sticky-bar.png') });

  await bar.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(MAIZE).first()).toBeVisible();
});

test('the sticky bar stays away on wider screens', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openProduct(page, 'maiz', MAIZE);
  await page.mouse.wheel(0, 2000);
  await expect(page.getByRole('region', { name: 'Buy' })).toBeHidden();
});

test('the market header is the same family as the dashboard’s: logo, cart, bell and avatar', async ({ page, request }) => {
  await signIn(page, await createAccount(request));
  await page.goto('/market');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'ShambaSoko' })).toBeVisible();
  await expect(header.getByTestId('cart-link')).toBeVisible();
  await expect(header.getByRole('button', { name: /Notifications/ })).toBeVisible();
  await header.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: path.join(SHOTS, 'market-header-signed-in.png') });

  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart/ })).toBeVisible();
});
