import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { changedBuild, liveVersion, runDeployCommand } from './support/stack';

// Issue 18, the field without signal: the installed app opens offline with the farm data it saved,
// queues writes and sends them when the connection returns; a new remote version is picked up.
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow', viewport: { width: 412, height: 915 } });

const API = 'http://localhost:3000';
const SHOTS = 'e2e/screenshots';

/**
 * Offline or online, as the page sees it too. Chromium 150 keeps the context's offline emulation for
 * the network, but a document loaded while offline says `navigator.onLine === true` (the document
 * open at the switch hears it, and one loaded offline hears nothing when the line comes back). So
 * while offline, a script run before each new document's own says false, as a phone without signal
 * does (the mark is kept in the origin's storage), and each switch is told to the open document.
 */
const OFFLINE_MARK = 'e2e-offline';
const marked = new WeakSet<Page>();
async function offline(page: Page, on: boolean): Promise<void> {
  if (!marked.has(page)) {
    marked.add(page);
    await page.addInitScript((mark) => {
      const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!.get!;
      Object.defineProperty(Navigator.prototype, 'onLine', {
        configurable: true,
        get(this: Navigator) {
          try {
            if (localStorage.getItem(mark) === '1') return false;
          } catch {
            // A document without storage (about:blank): as the browser says.
          }
          return real.call(this);
        },
      });
    }, OFFLINE_MARK);
  }
  await page.evaluate(([mark, value]) => (value ? localStorage.setItem(mark, '1') : localStorage.removeItem(mark)), [
    OFFLINE_MARK,
    on,
  ] as const);
  await page.context().setOffline(on);
  // A document loaded while offline may not hear the switch: tell it, as the browser would.
  await page.evaluate((value) => window.dispatchEvent(new Event(value ? 'offline' : 'online')), on);
}

const stamp = Date.now().toString(36);
const farmName = `Offline Shamba ${stamp}`;
let owner: TestAccount;
let farmId = '';

async function api<T>(page: Page, who: TestAccount, method: string, path: string, data?: object): Promise<T> {
  const res = await page.request.fetch(`${API}${path}`, { method, data, headers: { authorization: `Bearer ${who.accessToken}` } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { body: T }).body;
}

async function choose(scope: Locator, label: RegExp, option: string) {
  const control = scope.getByRole('combobox', { name: label });
  await expect(control.locator('option', { hasText: option })).toHaveCount(1);
  await control.selectOption({ label: option });
}

/** The worker controls the page and holds the farm remote's build. */
async function installed(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          for (const key of await caches.keys()) {
            if (!key.startsWith('shambasoko-remote-farm-')) continue;
            const files = await (await caches.open(key)).keys();
            if (files.some((r) => r.url.endsWith('/remoteEntry.js'))) return true;
          }
          return false;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

const badge = (page: Page) => page.getByTestId('outbox-badge');
/** A record's row in a list on a phone (the compact rows), by a text it shows. */
const phoneRow = (page: Page, list: string, text: string) =>
  page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });

/**
 * True once the page's saved offline cache holds the farms page's list with this farm in it, and (unless
 * `costs` is false) the costs total.
 */
function savedFarmsList(page: Page, name: string, { costs = true } = {}): Promise<boolean> {
  return page.evaluate(
    async ({ farm, costs }) => {
      // Opening a database that does not exist yet would create it without its store: ask first.
      if (!(await indexedDB.databases()).some((db) => db.name === 'shambasoko-offline')) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open('shambasoko-offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return (db.close(), resolve(false));
          const all = db.transaction('keyval').objectStore('keyval').getAll();
          all.onerror = () => (db.close(), resolve(false));
          all.onsuccess = () => {
            db.close();
            const queries = (
              all.result as Array<{ clientState?: { queries?: Array<{ queryKey: unknown[]; state: { data?: unknown } }> } }>
            ).flatMap((saved) => saved?.clientState?.queries ?? []);
            resolve(
              queries.some(
                // The farms page's own list (it has a page), not the dashboard's list of the caller's farms.
                (q) =>
                  q.queryKey[0] === 'farm' &&
                  q.queryKey[1] === 'farms' &&
                  (q.queryKey[2] as { page?: number } | undefined)?.page !== undefined &&
                  JSON.stringify(q.state.data ?? null).includes(farm),
              ) &&
                // and what the costs page read after it (its total): a save made after every page was seen.
                (!costs || queries.some((q) => q.queryKey[0] === 'farm' && q.queryKey[1] === 'costs' && q.queryKey[2] === 'total')),
            );
          };
        };
      });
    },
    { farm: name, costs },
  );
}

test.beforeAll(async ({ request }) => {
  mkdirSync(SHOTS, { recursive: true });
  owner = await createAccount(request, { firstName: 'Akinyi', lastName: 'Otieno' });
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const farm = await request.post(`${API}/v1/farms`, {
    headers,
    data: { name: farmName, location: 'Kisumu', totalSize: 3, owner: 'Akinyi' },
  });
  farmId = ((await farm.json()) as { body: { id: string } }).body.id;
  await request.post(`${API}/v1/farms/${farmId}/fields`, { headers, data: { name: 'River Block', size: 1, cropType: 'Beans' } });
});

test('offline: saved farm data shows, writes wait as pending across a reload, and reach the server once online', async ({ page }) => {
  await signIn(page, owner);
  await page.goto('/dashboard');
  await installed(page);
  for (const path of ['/farms', '/activities', '/costs', '/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    if (path === '/farms') {
      await expect(page.getByText(farmName).filter({ visible: true }).first()).toBeVisible();
      // Each page load saves what it read to IndexedDB as it arrives; a load left before that write
      // commits saves nothing, and the next load starts from the older save. Leave once it is in.
      await expect.poll(() => savedFarmsList(page, farmName, { costs: false }), { timeout: 30_000 }).toBe(true);
    }
    // The forms' choices are read when a form opens: opened once online, they are saved too.
    const form = { '/activities': ['Log Activity', 'Log Activity'], '/costs': ['Add Cost', 'Add New Cost'] }[path];
    if (form) {
      await page.getByRole('button', { name: form[0] }).first().click();
      const dialog = page.getByRole('dialog', { name: form[1] });
      await expect(dialog.getByRole('combobox', { name: /^Farm/ }).locator('option', { hasText: farmName })).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    if (path === '/costs') await expect.poll(() => savedFarmsList(page, farmName), { timeout: 30_000 }).toBe(true);
  }
  // The saved cache is written at most once a second, and on a busy machine the write can take longer:
  // wait until the farms list itself (not only the dashboard) is in IndexedDB before cutting the line.
  await expect.poll(() => savedFarmsList(page, farmName), { timeout: 30_000 }).toBe(true);

  await offline(page, true);
  await page.goto('/dashboard');
  await offline(page, true);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/^Offline — showing what was saved at \d{2}:\d{2}$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-dashboard-412.png`, fullPage: true });
  await page.goto('/farms');
  await offline(page, true);
  await expect(page.getByText(farmName).filter({ visible: true }).first()).toBeVisible();
  // A list never opened online says so plainly instead of a spinner that never ends.
  await page.goto('/seasons');
  await offline(page, true);
  await expect(page.getByText('Not saved for offline use').filter({ visible: true }).first()).toBeVisible();

  await page.goto('/activities');
  await offline(page, true);
  await page.getByRole('button', { name: 'Log Activity' }).first().click();
  const log = page.getByRole('dialog', { name: 'Log Activity' });
  await choose(log, /^Farm/, farmName);
  await choose(log, /^Field/, 'River Block');
  await log.getByRole('combobox', { name: /Activity Type/ }).selectOption('Weeding');
  await log.getByRole('button', { name: 'Log Activity' }).click();
  await expect(log).toBeHidden();
  await expect(badge(page)).toHaveAccessibleName('1 change waiting');
  await expect(phoneRow(page, 'Activities', 'Weeding').getByText('Waiting to sync')).toBeVisible();

  await page.goto('/costs');
  await offline(page, true);
  await page.getByRole('button', { name: 'Add Cost' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add New Cost' });
  await add.getByLabel('Amount (Ksh)').fill('4500');
  await add.getByRole('combobox', { name: /Budget Category/ }).selectOption('Fuel');
  await add.getByLabel(/^Date/).fill('2026-11-20');
  await add.getByRole('button', { name: 'Add Cost' }).click();
  await expect(add).toBeHidden();
  await expect(badge(page)).toHaveAccessibleName('2 changes waiting');
  await expect(page.getByRole('main')).toContainText('4,500');
  await expect(phoneRow(page, 'Costs', 'Fuel cost').getByText('Waiting to sync')).toBeVisible();
  // The server's total, saved online, plus the cost waiting to be sent.
  await expect(page.getByTestId('costs-total')).toContainText(/4,500 · 1 entry \(includes 1 waiting to sync\)$/);
  await page.screenshot({ path: `${SHOTS}/offline-costs-pending-412.png`, fullPage: true });

  // A reload without signal: both still there, still waiting.
  await page.reload();
  await offline(page, true);
  await expect(badge(page)).toHaveAccessibleName('2 changes waiting');
  await badge(page).click();
  const list = page.getByRole('dialog', { name: 'Changes waiting to be sent' });
  await expect(list.getByTestId('outbox-item')).toHaveText([/Log activity: Weeding/, /Add cost: Fuel/]);
  await page.screenshot({ path: `${SHOTS}/offline-outbox-412.png`, fullPage: true });

  await offline(page, false);
  await expect(badge(page)).toBeHidden({ timeout: 20_000 });
  // Synced: the server's records replace the waiting ones, unmarked, and the total is the server's alone.
  await expect(page.getByTestId('sync-mark')).toHaveCount(0);
  await expect(phoneRow(page, 'Costs', 'Fuel cost')).toContainText('4,500');
  await expect(page.getByTestId('costs-total')).toContainText(/4,500 · 1 entry$/);
  await page.goto('/activities');
  await expect(phoneRow(page, 'Activities', 'Weeding')).toBeVisible();
  await expect(page.getByTestId('sync-mark')).toHaveCount(0);
  // Seen from elsewhere: the server has both, once each.
  const activities = await api<{ items: Array<{ name: string }> }>(page, owner, 'GET', `/v1/activities?farmId=${farmId}`);
  const costs = await api<{ items: Array<{ amount: number; category: string }> }>(page, owner, 'GET', `/v1/costs?farmId=${farmId}`);
  expect(activities.items.filter((a) => a.name === 'Weeding')).toHaveLength(1);
  expect(costs.items.filter((c) => c.amount === 4500 && c.category === 'Fuel')).toHaveLength(1);
});

test('a queued write whose farm was deleted meanwhile is shown with the reason, kept, and can be discarded', async ({ page }) => {
  const doomed = await api<{ id: string }>(page, owner, 'POST', '/v1/farms', {
    name: `Gone ${stamp}`,
    location: 'Kisumu',
    totalSize: 1,
    owner: 'Akinyi',
  });
  await signIn(page, owner);
  await page.goto('/costs');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await installed(page);
  const add = page.getByRole('dialog', { name: 'Add New Cost' });
  // Opened once online, so its farm choices are saved.
  await page.getByRole('button', { name: 'Add Cost' }).first().click();
  await expect(add.getByRole('combobox', { name: /^Farm/ }).locator('option', { hasText: `Gone ${stamp}` })).toHaveCount(1);
  await page.keyboard.press('Escape');

  await offline(page, true);
  await page.getByRole('button', { name: 'Add Cost' }).first().click();
  await choose(add, /^Farm/, `Gone ${stamp}`);
  await add.getByLabel('Amount (Ksh)').fill('700');
  await add.getByRole('combobox', { name: /Budget Category/ }).selectOption('Labor');
  await add.getByRole('button', { name: 'Add Cost' }).click();
  await expect(badge(page)).toHaveAccessibleName('1 change waiting');

  await api(page, owner, 'DELETE', `/v1/farms/${doomed.id}`);
  await offline(page, false);
  await badge(page).click();
  const list = page.getByRole('dialog', { name: 'Changes waiting to be sent' });
  await expect(list.getByText('Needs attention')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/offline-refused-412.png`, fullPage: true });
  // The refused cost also stays in the costs list after its refetch, marked, not only in the panel.
  await page.keyboard.press('Escape');
  const refusedRow = page.getByRole('main').getByTestId('sync-mark').filter({ hasText: 'Needs attention', visible: true });
  await expect(refusedRow).toHaveCount(1);

  // Not lost on a reload either.
  await page.reload();
  await expect(badge(page)).toHaveAccessibleName('1 change waiting');
  await expect(refusedRow).toHaveCount(1, { timeout: 20_000 });
  await badge(page).click();
  await list.getByRole('button', { name: 'Discard' }).click();
  await expect(badge(page)).toBeHidden();
  await expect(refusedRow).toHaveCount(0);
});

test('a newly deployed market version is cached on the next start and the old version cache is dropped', async ({ page }) => {
  const SUBTITLE = 'Seeds, inputs, equipment and services from sellers across Kenya.';
  const CHANGED = 'Offline-ready deploy: seeds, inputs and more.';
  await signIn(page, owner);
  await page.goto('/dashboard');
  await installed(page);
  const before = await liveVersion('market');
  const marketCaches = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('shambasoko-remote-market-')));
  await expect.poll(marketCaches).toEqual([`shambasoko-remote-market-${before}`]);

  const deployed = await runDeployCommand(['market', '--from', changedBuild('mfe-market', SUBTITLE, CHANGED)]);
  expect(deployed.code, deployed.output).toBe(0);
  const after = await liveVersion('market');
  try {
    await page.reload();
    await expect.poll(marketCaches, { timeout: 20_000 }).toEqual([`shambasoko-remote-market-${after}`]);
    await page.goto('/market');
    await expect(page.getByText(CHANGED)).toBeVisible();
  } finally {
    const rolledBack = await runDeployCommand(['--rollback', 'market']);
    expect(rolledBack.code, rolledBack.output).toBe(0);
  }
});
