import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';

const shot = (name: string) => path.join(process.env.E2E_RUN_DIR ?? '/tmp', `${name}.png`);

test.describe('landing page', () => {
  test('shows the nine sections, the spec stats and the legal links', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const name of ['Home', 'Stakeholders', 'Features', 'How It Works', 'Contact']) {
      await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/sign-in');
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth/create-account');
    for (const stat of ['10K+', 'Ksh 350M', '47']) await expect(page.getByText(stat, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Visit Marketplace' }).first()).toHaveAttribute('href', '/market');

    await expect(page.getByRole('heading', { name: 'Built for everyone in the value chain' })).toBeVisible();
    await expect(page.locator('#stakeholders li')).toHaveCount(6);
    await expect(page.locator('#features li')).toHaveCount(6);
    await expect(page.locator('#how-it-works li')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Farmers trust ShambaSoko' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to grow with ShambaSoko?' })).toBeVisible();

    const legal = page.getByRole('navigation', { name: 'Legal' });
    for (const [name, href] of [
      ['Privacy Policy', '/legal/privacy-policy'],
      ['Terms of Use', '/legal/terms-of-use'],
      ['Cookie Policy', '/legal/cookie-policy'],
      ['Data Policy', '/legal/data-policy'],
    ] as const) {
      await expect(legal.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await page.screenshot({ path: shot('landing-desktop'), fullPage: true });
  });

  test('Hot Sellers shows real catalog products per category', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Hot Sellers' });
    await section.scrollIntoViewIfNeeded();
    await expect(
      section
        .getByRole('link')
        .filter({ has: page.locator('img') })
        .first(),
    ).toBeVisible();
    const produce = await section.locator('li a p').first().textContent();
    // The market's own categories and names.
    await expect(section.getByRole('group', { name: 'Hot seller category' }).getByRole('button')).toHaveText([
      'Crops & Produce',
      'Equipment',
      'Supplies',
      'Services',
    ]);
    await section.getByRole('button', { name: 'Services' }).click();
    await expect(section.getByRole('button', { name: 'Services' })).toHaveAttribute('aria-pressed', 'true');
    await expect(section.locator('li a p').first()).not.toHaveText(produce ?? '');
    await section.locator('li a').first().click();
    await expect(page).toHaveURL(/\/market\/item\?itemId=/);
  });

  test('Hot Sellers leads to the same category in the market', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Hot Sellers' });
    await section.getByRole('button', { name: 'Equipment' }).click();
    // Its products in place first: the link below them is not clicked while they arrive.
    await expect(section.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(section.getByRole('listitem').first().getByRole('link')).toBeVisible();
    await section.getByRole('link', { name: 'See all Equipment' }).click();
    await expect(page).toHaveURL(/\/market\?category=equipment$/);
    await expect(page.getByRole('tab', { name: /^Equipment/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('the header turns solid after the hero', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-solid', 'false');
    await page.locator('#features').scrollIntoViewIfNeeded();
    await expect(header).toHaveAttribute('data-solid', 'true');
  });

  test('the hero rotates every 8 seconds and the dots jump', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const images = page.getByTestId('hero-image');
    await expect(images).toHaveCount(3);
    await expect(images.nth(0)).toHaveAttribute('data-active', 'true');
    await page.clock.fastForward(8000);
    await expect(images.nth(1)).toHaveAttribute('data-active', 'true');
    // A jump fires a due timer once (as after a phone's sleep): one rotation a jump. One jump of 16 s
    // left the last step to 8 s of real time.
    await page.clock.fastForward(8000);
    await expect(images.nth(2)).toHaveAttribute('data-active', 'true');
    await page.clock.fastForward(8000);
    await expect(images.nth(0)).toHaveAttribute('data-active', 'true');
    // A real click waits for animation frames, which the installed clock holds still.
    await page.getByRole('button', { name: 'Show image 3 of 3' }).dispatchEvent('click');
    await expect(images.nth(2)).toHaveAttribute('data-active', 'true');
  });

  test('the hero shows its fallback image when the content service fails', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.route('**/api/hero-images**', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/');
    const images = page.getByTestId('hero-image');
    await expect(images).toHaveCount(1);
    await expect(images.first()).toHaveAttribute('src', /hero-fallback/);
    expect(errors.some((e) => e.includes('Failed to fetch hero images: 503'))).toBe(true);
  });

  test('a signed-in visitor sees Dashboard and Go to Dashboard', async ({ page, request }) => {
    await signIn(page, await createAccount(request));
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await page.getByRole('banner').getByRole('button', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('looks right on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('landing-phone'), fullPage: true });
  });
});
