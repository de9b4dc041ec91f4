import { expect, test } from '@playwright/test';

// Issue 18's first step: ShambaSoko can be installed from the browser like an app.
test.use({ viewport: { width: 412, height: 915 } });

test('the site is an installable app: its manifest, icons and theme, and Chromium finds nothing missing', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({ name: 'ShambaSoko', start_url: '/dashboard', display: 'standalone', theme_color: '#15803d' });
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
  // The tab's icon is the app's own, written into the page: a first visit fetches no icon file beside the code.
  const tabIcon = (await page.locator('link[rel="icon"]').getAttribute('href')) ?? '';
  expect(tabIcon).toMatch(/^data:image\/svg\+xml,/);
  const appIcon = await (await request.get('/icons/icon.svg')).text();
  expect(decodeURIComponent(tabIcon.slice('data:image/svg+xml,'.length))).toBe(appIcon.trim().replace(/"/g, "'"));
  // Android wants 192 and 512 px pictures, one of them safe to crop to a circle.
  for (const size of ['192x192', '512x512']) expect(manifest.icons.some((i) => i.sizes === size && i.type === 'image/png')).toBe(true);
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const picture = await request.get(icon.src);
    expect(picture.status(), icon.src).toBe(200);
    expect(picture.headers()['content-type']).toBe(icon.type);
  }

  // Chromium's own verdict on the manifest (the service worker comes with the offline work).
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  const ids = installabilityErrors.map((e) => e.errorId);
  console.log(`installability errors: ${JSON.stringify(ids)}`);
  expect(ids.filter((id) => /manifest|icon|start-url|display|name/.test(id))).toEqual([]);
});
