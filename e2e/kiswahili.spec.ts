import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { call } from './support/sellers';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { ROOT } from './support/stack';

// A person who chooses Kiswahili reads no English UI words anywhere, and the choice stays. The words
// looked for are the short labels of the English catalogs (buttons, menus, titles) that read
// differently in Kiswahili; names, products, people's data and numbers are not looked at.

test.use({ viewport: { width: 412, height: 915 } });

const API = 'http://localhost:3000';

const shot = (name: string) => path.join(process.env.E2E_RUN_DIR ?? '/tmp', `${name}.png`);

type Catalog = Record<string, string>;
const read = (file: string): Catalog => JSON.parse(readFileSync(file, 'utf8')) as Catalog;

/**
 * Every English catalog under a workspace's src with its Kiswahili: locales/en.json and sw.json, and a
 * namespace's own locales/<name>.en.json and <name>.sw.json (remotes add theirs as they are translated).
 */
function catalogs(workspace: string): Array<{ en: Catalog; sw: Catalog }> {
  const found: Array<{ en: Catalog; sw: Catalog }> = [];
  const src = path.join(ROOT, workspace, 'src');
  for (const entry of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(path.dirname(entry)) !== 'locales' || !/^([\w-]+\.)?en\.json$/.test(path.basename(entry))) continue;
    const en = path.join(src, entry);
    found.push({ en: read(en), sw: read(en.replace(/en\.json$/, 'sw.json')) });
  }
  return found;
}

/** A catalog's short labels (up to four words, no placeholders) that Kiswahili words differently. */
function labels(list: Array<{ en: Catalog; sw: Catalog }>): string[] {
  const swahili = new Set(list.flatMap(({ sw }) => Object.values(sw)));
  const words = new Set<string>();
  for (const { en } of list)
    for (const text of Object.values(en)) {
      const label = text.replace(/[….:?]+$/, '').trim();
      if (label.includes('{') || label.includes('<') || swahili.has(text) || label.split(/\s+/).length > 4 || label.length < 3) continue;
      words.add(label);
    }
  return [...words];
}

// Kept in both languages: brand and proper names that a catalog may hold alone.
const NAMES = new Set(['ShambaSoko', 'M-Pesa', 'Google', 'English', 'Kiswahili', 'Nairobi, Kenya', 'Admin']);
// Words of the farm records' catalog that sellers also write in their listings' names, shown as written
// ("Hass Avocados, Export Grade, 10 kg Crate"): seller data, not the page's words.
const DATA = new Set(['Grade', 'Crate']);
const FRAME_WORDS = labels([...catalogs('shell'), ...catalogs('shared')]).filter((w) => !NAMES.has(w));
// Common English words of the remotes' screens, so a remote page that is not translated yet is caught
// even before it has a catalog; its own catalog's labels join once it has one.
const REMOTE_WORDS = [
  ...new Set([
    ...FRAME_WORDS,
    ...['mfe-market', 'mfe-farm', 'mfe-auth', 'mfe-legal'].flatMap((w) => labels(catalogs(w))),
    ...['Add to Cart', 'Checkout', 'Place Order', 'Search', 'Price', 'Quantity', 'Total', 'Subtotal', 'Save', 'Delete', 'Edit'],
    ...['Add Farm', 'Add Activity', 'Budget', 'Category', 'Status', 'Amount', 'Due', 'Welcome', 'Your cart is empty'],
  ]),
].filter((w) => !NAMES.has(w) && !DATA.has(w));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The listed English labels found as whole words in the text. */
const englishIn = (text: string, words: string[]) =>
  words.filter((word) => new RegExp(`(^|[^\\p{L}])${escape(word)}($|[^\\p{L}])`, 'u').test(text));

/** The frame's own text (top bar or public header, sidebar), with its accessible names; not the remote's page title. */
function frameText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    for (const root of document.querySelectorAll('header, nav[aria-label]')) {
      if (root.closest('#main-content')) continue;
      const copy = root.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[data-testid="page-title"], nav ol').forEach((n) => n.remove());
      parts.push(copy.textContent ?? '');
      copy.querySelectorAll('[aria-label]').forEach((n) => parts.push(n.getAttribute('aria-label') ?? ''));
      if (copy.getAttribute('aria-label')) parts.push(copy.getAttribute('aria-label') ?? '');
    }
    return parts.join('\n');
  });
}

/** The page's visible text without people's data (product and seller names are marked translate="no"). */
const bodyText = (page: Page) =>
  page.evaluate(() => {
    const data = [...document.querySelectorAll<HTMLElement>('[translate="no"]')];
    const shown = data.map((element) => element.style.display);
    data.forEach((element) => (element.style.display = 'none'));
    const text = document.body.innerText;
    data.forEach((element, i) => (element.style.display = shown[i] ?? ''));
    return text;
  });

async function expectKiswahili(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  // On a phone the signed-in switcher is in the menu drawer, so a closed drawer shows none.
  const switcher = page.getByRole('combobox', { name: 'Lugha' });
  if ((await switcher.count()) > 0) await expect(switcher.first()).toHaveValue('sw');
}

let farmer: TestAccount;

test.beforeAll(async ({ request }) => {
  farmer = await createAccount(request, { firstName: 'Wanjiku', lastName: 'Muthoni' });
  await call(request, farmer, 'POST', `${API}/v1/farms`, { name: 'Shamba la Mlimani', location: 'Nyeri', totalSize: 3, owner: 'Wanjiku' });
});

test('the landing page switches to Kiswahili, has no English UI words, and keeps the language on reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
  await expectKiswahili(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vuna zaidi. Uza vizuri. Simamia shamba lako lote mahali pamoja.');
  // The sections below the hero arrive after first paint.
  await page.mouse.wheel(0, 4000);
  await expect(page.getByRole('heading', { name: 'Wakulima wanaiamini ShambaSoko' })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Zinazouzwa Zaidi' }).getByRole('link').first()).toBeAttached();
  const words = labels([...catalogs('shell'), ...catalogs('shared')]).filter((w) => !NAMES.has(w));
  expect(englishIn(await bodyText(page), words), 'English UI words on the landing page').toEqual([]);
  await page.mouse.wheel(0, -8000);
  await expect(page.getByRole('banner')).toHaveAttribute('data-solid', 'false');
  await page.waitForTimeout(400); // the header's colour transition
  await page.screenshot({ path: shot('kiswahili-landing-412') });

  await page.reload();
  await expectKiswahili(page);
  await expect(page.getByRole('link', { name: 'Ingia' })).toBeVisible();
});

test('signed in, the frame speaks Kiswahili on every page, and the choice is saved to the profile', async ({ page }) => {
  await page.goto('/legal/privacy-policy');
  await page.evaluate(() => localStorage.setItem('shambasoko.locale', 'sw'));
  await signIn(page, farmer);
  await page.goto('/dashboard');
  await expectKiswahili(page);
  // The sidebar (a drawer on phones) is in the page, hidden.
  await expect(page.locator('nav[aria-label="Kuu"]').first()).toBeAttached();
  await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
  await page.screenshot({ path: shot('kiswahili-dashboard-412') });

  for (const path of ['/dashboard', '/farms', '/activities', '/budget', '/orders']) {
    await page.goto(path);
    await expectKiswahili(page);
    await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
    expect(englishIn(await frameText(page), FRAME_WORDS), `English UI words in the frame at ${path}`).toEqual([]);
  }
  // The drawer menu on a phone, which also holds the language switcher (the top bar leaves its room
  // to the page title there).
  await page.getByRole('button', { name: 'Fungua menyu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menyu' });
  await expect(drawer.getByRole('link', { name: 'Mashamba' })).toBeVisible();

  // Back to English and to Kiswahili from the drawer: the profile keeps the choice (it said English
  // already, so only the switch to Kiswahili is saved).
  await drawer.getByRole('combobox', { name: 'Lugha' }).selectOption('en');
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const saved = page.waitForResponse((r) => r.url().endsWith('/v1/me/preferences') && r.request().method() === 'PUT');
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('combobox', { name: 'Language' }).selectOption('sw');
  expect(((await (await saved).json()) as { body: { language: string } }).body.language).toBe('sw');
  // The backdrop (named Funga menyu) shows to the right of the drawer.
  await page.getByRole('button', { name: 'Funga menyu' }).click({ position: { x: 390, y: 450 } });

  await page.reload();
  await expectKiswahili(page);
});

test('a new device with no choice takes the language from the profile', async ({ page, request }) => {
  await call(request, farmer, 'PUT', `${API}/v1/me/preferences`, {
    language: 'sw',
    areaUnit: 'acres',
    notifications: { orderUpdates: true, taskAssignments: true, paymentUpdates: true },
  });
  await signIn(page, farmer);
  await page.goto('/dashboard');
  await expectKiswahili(page);
});

// The remotes' own pages: market, cart, checkout, dashboard, farms, activities, budget.
test('no English UI words on the market, cart, checkout and farm pages', async ({ page }) => {
  await page.goto('/legal/privacy-policy');
  await page.evaluate(() => localStorage.setItem('shambasoko.locale', 'sw'));
  const found: Record<string, string[]> = {};
  const visit = async (path: string) => {
    await page.goto(path);
    await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const english = englishIn(await bodyText(page), REMOTE_WORDS);
    if (english.length > 0) found[path] = english;
  };
  for (const path of ['/market', '/cart', '/checkout']) await visit(path);
  await signIn(page, farmer);
  for (const path of ['/dashboard', '/farms', '/activities', '/budget', '/cart', '/checkout']) await visit(path);
  expect(found).toEqual({});
});
