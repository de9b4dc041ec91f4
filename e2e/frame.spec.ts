import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, signInWithForm, type TestAccount } from './support/auth';

// Issue 17, one frame: every page on a phone has the header family, its own tab title, and a way on.
test.use({ viewport: { width: 412, height: 915 } });

const SHOTS = 'e2e/screenshots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/frame-${name}.png` });

let account: TestAccount;
test.beforeAll(async ({ request }) => {
  account = await createAccount(request, { firstName: 'Achieng', lastName: 'Otieno' });
});

test('a legal page sits inside the frame, with the way back, the cart and sign-in', async ({ page }) => {
  await page.goto('/');
  await page.goto('/legal/terms-of-use');
  const header = page.getByTestId('frame-header');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'ShambaSoko' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: /^Cart, \d+ items?$/ })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveTitle('Terms of Use · ShambaSoko');
  await shot(page, 'legal');
  await header.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-out 404 is framed and sends the visitor home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('frame-header')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to dashboard' })).toHaveCount(0);
  await expect(page).toHaveTitle('Page not found · ShambaSoko');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-in 404 shows the bell and avatar and offers the dashboard', async ({ page }) => {
  await signIn(page, account);
  await page.goto('/farms-typo');
  const header = page.getByTestId('frame-header');
  await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(header.getByRole('button', { name: /Notifications/ })).toBeVisible();
  await shot(page, '404-signed-in');
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's top bar carries the cart too (one header family).
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toBeVisible();
});

test('returnTo survives a reload of the sign-in page', async ({ page }) => {
  await page.goto('/auth/sign-in?returnTo=%2Fcheckout');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/checkout$/);
});

test('a foreign returnTo is ignored: sign-in lands on the dashboard', async ({ page }) => {
  await page.goto('/auth/sign-in?returnTo=%2F%2Fevil.example%2F');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
});

test('each page has its own tab title', async ({ page }) => {
  const titles: Array<[string, string]> = [
    ['/auth/sign-in', 'Sign In · ShambaSoko'],
    ['/market', 'Marketplace · ShambaSoko'],
    ['/legal/privacy-policy', 'Privacy Policy · ShambaSoko'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  await signIn(page, account);
  await page.goto('/farms');
  await expect(page).toHaveTitle('Farms · ShambaSoko');
});

test('no dead ends: the account menu hides unbuilt pages, and a deep link names the feature', async ({ page }) => {
  await signIn(page, account);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Billing & Plans' })).toHaveCount(0);
  await page.goto('/coming-soon?feature=reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports: Coming Soon' })).toBeVisible();
  await expect(page).toHaveTitle('Reports · Coming Soon · ShambaSoko');
  await shot(page, 'coming-soon-named');
});

test('the landing page has a section menu on a phone', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Sections menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const menu = page.locator('#landing-sections-menu');
  await expect(menu.getByRole('link', { name: 'How It Works' })).toBeVisible();
  await shot(page, 'landing-menu');
  await menu.getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(/#features$/);
  await expect(menu).toHaveCount(0);
});

test('with the role switcher in a phone top bar, the title gives way rather than stand a letter a line', async ({ page, request }) => {
  const many = await createAccount(request, {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    roles: ['Farmer', 'Buyer', 'Supplier', 'Retailer'],
  });
  await signIn(page, many);
  await page.goto('/crops');
  await expect(page.getByRole('heading', { level: 1, name: 'Farm Crops' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Role' })).toBeVisible();
  const title = page.getByTestId('page-title');
  // Either the title has room for a word a line, or it is not shown at all.
  const box = await title.boundingBox();
  expect(box === null || box.width >= 80).toBe(true);
  await shot(page, 'many-roles-412');
});

// Issue 43: on a slow link the page's code takes seconds; the server's page already holds the frame
// the shell's first render shows (scripts/page-frame.mjs), so it paints with the stylesheet.
test('a first visit paints the loading frame before any code has run, in the browser’s language', async ({ page, browser }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/market');
  const frame = page.getByRole('status', { name: 'Loading page' });
  await expect(frame).toBeVisible();
  await expect(page.getByText('S', { exact: true })).toBeVisible();
  expect(await frame.locator('.aspect-square').count()).toBe(8);
  await shot(page, 'before-code');
  // The code arrives: the same page becomes the market.
  await page.unroute('**/*.js');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading page' })).toHaveCount(0);

  // The app area's code late: its fallback is that same frame, never a spinner between two frames.
  await page.route('**/app.*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      // Until the page's heading is up (the page's own parts may load later behind spinners of their own).
      const watch = new MutationObserver(() => {
        const now = root.querySelector('h1') ? 'page' : root.querySelector('.animate-spin') ? 'spinner' : 'frame';
        if (seen.at(-1) !== now) seen.push(now);
        if (now === 'page') watch.disconnect();
      });
      watch.observe(root, { childList: true, subtree: true });
    });
  });
  await page.goto('/market');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['frame', 'page']);
  await page.unroute('**/app.*.js');

  const kiswahili = await browser.newContext({ locale: 'sw-KE', viewport: { width: 412, height: 915 } });
  const swPage = await kiswahili.newPage();
  await swPage.route('**/*.js', (route) => route.abort());
  // A context of its own does not take the config's base URL.
  await swPage.goto(new URL('/dashboard', page.url()).href);
  await expect(swPage.getByRole('status', { name: 'Inapakia ukurasa' })).toBeVisible();
  expect(await swPage.evaluate(() => document.documentElement.lang)).toBe('sw');
  await kiswahili.close();
});

// Issue 43: the market's largest paint is its first row's photos. The server's frame for /market is the
// market's first screen block by block with those photos already in place, so a phone paints them with
// the stylesheet, where the page will show them; every loading frame on the way holds them on screen.
test('a first visit of the market shows the first row’s photos in the loading frame, where the page shows them', async ({ page }) => {
  const photoBoxes = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('#root img')].slice(0, 2).map((img) => {
        const r = img.getBoundingClientRect();
        return {
          x: Math.round(r.x),
          y: Math.round(r.y),
          width: Math.round(r.width),
          height: Math.round(r.height),
          src: (img as HTMLImageElement).currentSrc,
        };
      }),
    );
  await page.route('**/*.js', (route) => route.abort());
  // The server reads the featured products once and keeps them; the very first page after a start may go without.
  await expect
    .poll(async () => {
      await page.goto('/market');
      return page.getByRole('status', { name: 'Loading page' }).locator('img').count();
    })
    .toBe(2);
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('#root img')].every((img) => (img as HTMLImageElement).complete)))
    .toBe(true);
  const inFrame = await photoBoxes();
  expect(inFrame[0]!.width).toBeGreaterThan(100);
  await shot(page, 'market-frame-photos');

  // The code arrives late (the app area's chunk held back): the photos stay on screen through every
  // loading frame until the page, whose own photos take their place and size: the largest paint was the frame's.
  await page.unroute('**/*.js');
  await page.route('**/app.*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const seen = { gone: false, pageAt: 0, largest: [] as Array<{ at: number; url: string }> };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => seen.largest.push({ at: e.startTime, url: (e as PerformanceEntry & { url: string }).url })),
    ).observe({ type: 'largest-contentful-paint', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      let shown = root.querySelectorAll('img').length > 0;
      const watch = new MutationObserver(() => {
        const photos = root.querySelectorAll('img').length;
        if (shown && photos === 0) seen.gone = true;
        shown ||= photos > 0;
        if (root.querySelector('h1')) {
          seen.pageAt = performance.now();
          watch.disconnect();
        }
      });
      watch.observe(root, { childList: true, subtree: true });
    });
  });
  await page.goto('/market');
  await expect(page.getByRole('region', { name: 'Featured Products' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => [...document.querySelectorAll('#root img')].slice(0, 2).every((img) => (img as HTMLImageElement).complete)),
    )
    .toBe(true);
  expect(await photoBoxes()).toEqual(inFrame);
  const seen = await page.evaluate(
    () => (window as unknown as { seen: { gone: boolean; pageAt: number; largest: Array<{ at: number; url: string }> } }).seen,
  );
  expect(seen.gone).toBe(false);
  expect(seen.pageAt).toBeGreaterThan(1500);
  expect(seen.largest.at(-1)!.at).toBeLessThan(seen.pageAt);
  expect(seen.largest.at(-1)!.url).toBe(inFrame[0]!.src);
  await page.unroute('**/app.*.js');
});
