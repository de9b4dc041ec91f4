import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, signIn } from '../support/auth';
import { MAIZE, fillShipping, openProduct, payByBankTransfer } from '../support/market';
import { ROOT } from '../support/stack';

// Not a test: `npm run screenshots:market` captures each market screen on a laptop and a phone
// (into e2e/screenshots/market, or MARKET_SHOTS) for people to look at.
test('screenshots of the market screens', async ({ page, request }) => {
  const dir = process.env.MARKET_SHOTS ?? path.join(ROOT, 'e2e/screenshots/market');
  test.setTimeout(180_000);
  mkdirSync(dir, { recursive: true });
  const account = await createAccount(request);
  await signIn(page, account);
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    const shot = async (name: string, fullPage = true) => {
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // A full-page capture draws the sticky header where the page was scrolled to; start at the top.
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage });
    };
    await page.goto('/market');
    await expect(page.getByRole('region', { name: 'Featured Products' })).toBeVisible();
    await shot('market', false);
    await page.getByRole('button', { name: /Filters/ }).click();
    await shot('market-filters', false);
    await openProduct(page, 'maiz', MAIZE);
    await shot('product');
    await page.getByRole('button', { name: 'Contact Seller' }).click();
    await shot('product-contact', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await shot('cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await shot('checkout-1-shipping-errors');
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await shot('checkout-2-payment');
    await payByBankTransfer(page);
    await page.getByRole('button', { name: 'Review Order' }).click();
    await shot('checkout-3-review');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order placed successfully!')).toBeVisible();
    await shot('order-placed', false);
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await shot('orders');
    await page
      .getByRole('link', { name: /SS-\d+/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /Order SS-/ })).toBeVisible();
    await shot('order');
    await page.goto('/cart');
    await shot('cart-empty', false);
  }
});
