import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Route } from '@playwright/test';
import { createAccount, signIn } from './support/auth';
import { ROOT, serveApp, withRemoteEntry } from './support/stack';

test.describe('module federation', () => {
  test('the shell build contains no remote URL: remotes come from the run-time manifest', () => {
    const dist = path.join(ROOT, 'shell/dist');
    for (const file of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(path.join(dist, file), 'utf8');
      expect(text, file).not.toMatch(/localhost:300[1-4]/);
      expect(text, file).not.toMatch(/remoteEntry\.js/);
    }
  });

  test('the landing page loads no remote entry', async ({ page }) => {
    const remoteRequests: string[] = [];
    page.on('request', (r) => {
      if (/:300[1-4]\//.test(r.url())) remoteRequests.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#contact')).toBeVisible();
    await page.waitForLoadState('load');
    expect(remoteRequests).toEqual([]);
  });

  test("a first visit's page brings the manifest and starts the owning remote's code beside the shell's", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/market');
    await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
    const preloads = await page.locator('link[rel="preload"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(preloads.some((href) => /:3002\/v\/[0-9a-f]+\/remoteEntry\.js$/.test(href))).toBe(true);
    expect(preloads.some((href) => /:3002\/.*__federation_expose_routes\.[0-9a-f]+\.js$/.test(href))).toBe(true);
    expect(preloads.some((href) => /^http:\/\/localhost:3000\/\d+\.[0-9a-f]+\.js$/.test(href))).toBe(true);
    // The manifest came with the page (and was taken from it), not from a request after the main chunk.
    expect(requested.filter((url) => url.endsWith('/remotes.json'))).toEqual([]);
    await expect(page.locator('#remotes-manifest')).toHaveCount(0);
    // Each preloaded file is fetched once: the runtime and the bundler reuse the preloads.
    const counts = new Map<string, number>();
    for (const url of requested) counts.set(url, (counts.get(url) ?? 0) + 1);
    for (const href of preloads) expect(counts.get(href), href).toBe(1);

    // The landing page loads no remote: it preloads its own chunk only. The page the service worker keeps is plain.
    requested.length = 0;
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#remotes-manifest')).toHaveCount(0);
    const landing = await page.locator('link[rel="preload"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(landing).toHaveLength(1);
    expect(landing[0]).toMatch(/^http:\/\/localhost:3000\/\d+\.[0-9a-f]+\.js$/);
    expect(requested.filter((url) => url === landing[0])).toHaveLength(1);
    const plain = await (await page.request.get('/index.html')).text();
    expect(plain).not.toContain('remotes-manifest');
    expect(plain).not.toContain('rel="preload"');
  });

  test("a signed-in first visit to the dashboard sends its session refresh and first reads from the page's head, each once", async ({
    page,
    request,
  }) => {
    await signIn(page, await createAccount(request));
    // The device remembers its language, so the profile's is not read besides the dashboard's own reads.
    await page.evaluate(() => localStorage.setItem('shambasoko.locale', 'en'));
    const requested: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin === 'http://localhost:3000') requested.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Farmer Overview', level: 1 })).toBeVisible();
    await expect(page.getByText('No farms yet.')).toBeVisible();
    // The reads the farm remote names for its first screen (mfe-farm/webpack.config.mjs), sent by the early script.
    const reads = JSON.parse((await page.locator('#early-requests').textContent()) ?? 'null') as string[];
    expect(reads).toEqual(expect.arrayContaining(['/v1/dashboard', '/v1/farms?pageSize=100&sort=name', '/v1/activities/mine']));
    expect(requested.filter((r) => /^GET \/early\.[0-9a-f]+\.js$/.test(r))).toHaveLength(1);
    // The page took their answers instead of asking again (it would have asked before showing them).
    const times = (r: string) => requested.filter((x) => x === r).length;
    for (const read of reads) await expect.poll(() => times(`GET ${read}`), read).toBeGreaterThan(0);
    expect(times('POST /v1/auth/refresh')).toBe(1);
    for (const read of reads) expect(times(`GET ${read}`), read).toBe(1);
    // The page the service worker keeps carries nothing of it.
    expect(await (await page.request.get('/index.html')).text()).not.toContain('early-requests');

    // A signed-out visitor's page sends nothing early: it goes to sign-in.
    await page.evaluate(() => localStorage.removeItem('shambasoko.session'));
    await page.context().clearCookies();
    requested.length = 0;
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/sign-in/);
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    expect(requested.filter((r) => r.includes('/v1/'))).toEqual([]);
  });

  test("a guest's first visit to the market sends the catalog's reads from the page's head, each once; a search sends none early", async ({
    page,
  }) => {
    // On a phone, where a slow link makes the round trip this saves count most.
    await page.setViewportSize({ width: 412, height: 915 });
    const requested: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin === 'http://localhost:3000') requested.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    await page.goto('/market');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured Products' })).toBeVisible();
    // The public reads the market names for its first screen (mfe-market/src/features/catalog/first-reads.json).
    const reads = JSON.parse((await page.locator('#early-public-requests').textContent()) ?? 'null') as string[];
    expect(reads).toEqual(['/v1/products?sort=relevance&page=1&pageSize=12', '/v1/products/featured']);
    expect(requested.filter((r) => /^GET \/early\.[0-9a-f]+\.js$/.test(r))).toHaveLength(1);
    // No session: no refresh and no private reads. The page took the early answers instead of asking again.
    expect(requested).not.toContain('POST /v1/auth/refresh');
    const times = (r: string) => requested.filter((x) => x === r).length;
    for (const read of reads) expect(times(`GET ${read}`), read).toBe(1);
    await expect(page.getByRole('region', { name: 'Featured Products' }).getByRole('link').first()).toBeVisible();
    for (const read of reads) expect(times(`GET ${read}`), read).toBe(1);

    await page.goto('/market?q=maize');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    await expect(page.locator('#early-public-requests')).toHaveCount(0);
    expect(await page.locator('script[src^="/early."]').count()).toBe(0);
  });

  test("a first visit to a farm list page preloads that page's code and sends its list's reads from the head, each once", async ({
    page,
    request,
  }) => {
    await signIn(page, await createAccount(request));
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/activities');
    await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
    const preloads = await page.locator('link[rel="preload"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    // The page's own chunk (named in mfe-farm/webpack.config.mjs, opens), not only the remote's routes.
    expect(preloads.some((href) => /:3003\/v\/[0-9a-f]+\/activities-page\.[0-9a-f]+\.js$/.test(href))).toBe(true);
    const counts = new Map<string, number>();
    for (const url of requested) counts.set(url, (counts.get(url) ?? 0) + 1);
    for (const href of preloads) expect(counts.get(href), href).toBe(1);
    // Its list's reads went out from the head (mfe-farm/src/pages/first-reads.json), each once: the page took them.
    const reads = JSON.parse((await page.locator('#early-requests').textContent()) ?? 'null') as string[];
    expect(reads).toContain('/v1/activities?page=1&pageSize=20');
    const sent = (read: string) => requested.filter((url) => url === `http://localhost:3000${read}`).length;
    for (const read of reads) await expect.poll(() => sent(read), read).toBeGreaterThan(0);
    await expect(
      page
        .getByRole('list', { name: 'Activities' })
        .or(page.getByText(/No activities/i))
        .first(),
    ).toBeVisible();
    for (const read of reads) expect(sent(read), read).toBe(1);
    // With filters in the address the page reads something else: nothing is sent early.
    await page.goto('/activities?status=Pending');
    await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
    await expect(page.locator('#early-requests')).toHaveCount(0);
    expect(await page.locator('script[src^="/early."]').count()).toBe(0);
  });

  test('sign-in loads no query library; a page that reads server data loads it once', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    const queryChunk = (url: string) => /^http:\/\/localhost:3000\/query\.[0-9a-f]+\.js$/.test(url);
    await page.goto('/auth/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill('someone@example.co.ke');
    await page.waitForLoadState('networkidle');
    expect(requested.filter(queryChunk)).toEqual([]);
    // The market reads server data: the shell's query library comes with it, once, and the page works.
    await page.goto('/market');
    await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Search products' }).fill('maiz');
    await expect(page.getByTestId('result-count')).toContainText(/\d+ products? found/);
    expect(requested.filter(queryChunk)).toHaveLength(1);
  });

  test('a remote that is down shows a fallback in its area, the rest keeps working, and Retry recovers it', async ({ page, request }) => {
    await signIn(page, await createAccount(request));
    const port = 3994;
    await withRemoteEntry('legal', `http://localhost:${port}/remoteEntry.js`, async () => {
      await page.goto('/legal/privacy-policy');
      await expect(page.getByRole('alert')).toContainText('This section is unavailable right now');
      await page.screenshot({ path: path.join(process.env.E2E_RUN_DIR ?? '', 'remote-down.png') });

      // Other remotes and the shell are unaffected.
      await page.goto('/market');
      await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
      await page.goto('/coming-soon');
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

      // Bring the remote's server up and retry without reloading the page.
      await page.goto('/legal/terms-of-use');
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      const server = await serveApp('mfe-legal', port);
      try {
        const navigations: string[] = [];
        page.on('framenavigated', (f) => navigations.push(f.url()));
        await page.getByRole('button', { name: 'Retry' }).click();
        await expect(page.getByRole('heading', { level: 1, name: /Terms of Use/i })).toBeVisible();
        expect(navigations).toEqual([]);
      } finally {
        await server.close();
      }
    });
  });

  test('a remote moved to another URL is picked up on reload, without rebuilding the shell', async ({ page }) => {
    const port = 3995;
    const server = await serveApp('mfe-legal', port);
    try {
      await withRemoteEntry('legal', `http://localhost:${port}/remoteEntry.js`, async () => {
        const fromNewUrl: string[] = [];
        page.on('response', (r) => {
          if (r.url().startsWith(`http://localhost:${port}/`) && r.ok()) fromNewUrl.push(r.url());
        });
        await page.goto('/legal/cookie-policy');
        await expect(page.getByRole('heading', { level: 1, name: /Cookie Policy/i })).toBeVisible();
        expect(fromNewUrl.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);
      });
    } finally {
      await server.close();
    }
  });
});

test.describe('a remote that comes late or comes back (412 × 915)', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test('a remote not served yet shows a notice that keeps trying, and its page opens on its own once served', async ({ page }) => {
    const port = 3996;
    // As at start-up: the remote is registered, its server is not up yet.
    await withRemoteEntry('legal', `http://localhost:${port}/remoteEntry.js`, async () => {
      await page.goto('/legal/terms-of-use');
      const notice = page.getByRole('alert');
      await expect(notice).toContainText('This section is unavailable right now');
      await expect(notice).toContainText('We keep trying on our own');
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await page.screenshot({ path: path.join(process.env.E2E_RUN_DIR ?? '', 'remote-retrying-412.png') });

      const navigations: string[] = [];
      page.on('framenavigated', (f) => navigations.push(f.url()));
      const server = await serveApp('mfe-legal', port);
      try {
        // No click: the backoff (1 s, 2 s, 4 s, 8 s …) finds it.
        await expect(page.getByRole('heading', { level: 1, name: /Terms of Use/i })).toBeVisible({ timeout: 30_000 });
        expect(navigations).toEqual([]);
      } finally {
        await server.close();
      }
    });
  });

  test('a section missing from the manifest keeps trying, and opens once the registry names it again', async ({ page }) => {
    // An earlier visit: this browser has seen the legal remote's pages.
    await page.goto('/legal/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: /Privacy Policy/i })).toBeVisible();

    // Now the registry names no legal remote: neither in the manifest the page reads, nor in the copy a page brings.
    const manifest = (await (await page.request.get('/remotes.json')).json()) as { remotes: Array<{ name: string }> };
    const withoutLegal = JSON.stringify({ remotes: manifest.remotes.filter((r) => r.name !== 'legal') });
    const answerWithoutLegal = (route: Route) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: { 'cache-control': 'no-store' }, body: withoutLegal });
    await page.route('**/remotes.json', answerWithoutLegal);
    // The page's own copy of the manifest is dropped as it is parsed, so the page reads the routed one.
    // (Fulfilling the page from the test instead would make the browser refuse its requests to localhost.)
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const block = document.getElementById('remotes-manifest');
        if (!block) return;
        block.remove();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/legal/terms-of-use');
    const notice = page.getByRole('alert');
    await expect(notice).toContainText('This section is unavailable right now');
    await expect(notice).toContainText('We keep trying on our own');

    const navigations: string[] = [];
    page.on('framenavigated', (f) => navigations.push(f.url()));
    await page.unroute('**/remotes.json', answerWithoutLegal);
    await expect(page.getByRole('heading', { level: 1, name: /Terms of Use/i })).toBeVisible({ timeout: 30_000 });
    expect(navigations).toEqual([]);
  });
});
