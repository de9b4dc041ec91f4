import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, signIn } from './support/auth';
import { MAIZE, openProduct } from './support/market';
import { call } from './support/sellers';

// Issue 43: a farm list page's first load carries no form code (the form library, its zod resolver,
// the contract schemas); the form brings it when it first opens, and then works as before.

/** A marker of react-hook-form and its resolvers, in any minified build. */
const FORM_CODE = 'shouldUseNativeValidation';

/** A marker of zod (its core's class names), in any minified build. */
const ZOD_CODE = '$ZodType';

/**
 * Every script the page receives, with whether it holds form code (or another `marker`). A body is
 * read after its response arrives: `settled()` waits for the reads under way, so a check that a
 * script is absent never runs before the script's body is in.
 */
function watchScripts(page: Page, marker = FORM_CODE) {
  const scripts: { url: string; form: boolean }[] = [];
  const reading = new Set<Promise<void>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const read = response
      .text()
      .catch(() => '')
      .then((body) => {
        scripts.push({ url: response.url(), form: body.includes(marker) });
      });
    reading.add(read);
    void read.finally(() => reading.delete(read));
  });
  const settled = async () => {
    while (reading.size > 0) await Promise.all([...reading]);
  };
  return Object.assign(scripts, { settled });
}

/** A new account with one farm of its own, signed in on a phone-sized page. */
async function ownerOfNewFarm(page: Page, request: APIRequestContext, firstName: string, lastName: string) {
  const owner = await createAccount(request, { firstName, lastName });
  const farm = await call<{ id: string }>(request, owner, 'POST', '/v1/farms', {
    name: `${lastName} ${Date.now().toString(36)}`,
    county: 'Kisumu',
    totalSize: 4,
    owner: firstName,
  });
  await page.setViewportSize({ width: 412, height: 915 });
  await signIn(page, owner);
  return farm;
}

test('the farms list loads its form code only when Add New Farm opens', async ({ page, request }) => {
  const owner = await createAccount(request, { firstName: 'Achieng', lastName: 'Odhiambo' });
  await page.setViewportSize({ width: 412, height: 915 });
  await signIn(page, owner);
  const scripts = watchScripts(page);
  await page.goto('/farms');
  await expect(page.getByRole('button', { name: 'Add New Farm' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await scripts.settled();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.form).map((s) => s.url)).toEqual([]);

  await page.getByRole('button', { name: 'Add New Farm' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Farm' });
  await expect(add).toBeVisible();
  // Each script's body is read as it arrives (watchScripts): the last one may still be on its way.
  await expect.poll(() => scripts.some((s) => s.form)).toBe(true);
  // The contract's checks still run in the lazily loaded form.
  await add.getByRole('button', { name: 'Add Farm' }).click();
  await expect(add.getByText('Farm name is required.')).toBeVisible();
});

test("checkout paints without zod; the contract's checks come with the first tap and still run", async ({ page, request }) => {
  const buyer = await createAccount(request, { firstName: 'Wanjiku', lastName: 'Kamau' });
  await page.setViewportSize({ width: 412, height: 915 });
  await signIn(page, buyer);
  await openProduct(page, 'maiz', MAIZE);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\?buyNow=/);
  // A first load of the checkout page itself.
  const scripts = watchScripts(page, ZOD_CODE);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await scripts.settled();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.form).map((s) => s.url)).toEqual([]);

  await page.getByLabel(/^Nearest town/).fill('');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Nearest town is required')).toBeVisible();
  await expect.poll(() => scripts.some((s) => s.form)).toBe(true);
});

test('the season report paints its farm report card without zod', async ({ page, request }) => {
  const farm = await ownerOfNewFarm(page, request, 'Atieno', 'Ouma');
  const scripts = watchScripts(page, ZOD_CODE);
  await page.goto(`/season-report?farmId=${farm.id}`);
  // The card lists the report's parts (the contract's values), once the owner's role is known.
  await expect(page.getByRole('checkbox', { name: 'Yields' })).toBeChecked();
  await page.waitForLoadState('networkidle');
  await scripts.settled();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.form).map((s) => s.url)).toEqual([]);
});

test("a farm opens on Fields without the other tabs' code; Budget brings its own when tapped", async ({ page, request }) => {
  const farm = await ownerOfNewFarm(page, request, 'Chebet', 'Kiprono');
  // The Budget tab's cards (their test id survives minifying) mark its code.
  const scripts = watchScripts(page, 'budget-cards');
  await page.goto(`/farms/${farm.id}`);
  await expect(page.getByRole('tab', { name: 'Fields', selected: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await scripts.settled();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.form).map((s) => s.url)).toEqual([]);

  await page.getByRole('tab', { name: 'Budget' }).click();
  // A new farm has no budget yet: the tab asks for the first one.
  await expect(page.getByTestId('first-budget')).toBeVisible();
  await expect.poll(() => scripts.some((s) => s.form)).toBe(true);
});

test("the buyer's orders load no offline code on a device that keeps nothing for it; after a farm page they do", async ({
  page,
  request,
}) => {
  await ownerOfNewFarm(page, request, 'Nafula', 'Wekesa');
  // The offline support's message to itself when the connection returns marks its code.
  const scripts = watchScripts(page, 'replay-outbox');
  await page.goto('/orders');
  await expect(page.getByTestId('page-title')).toHaveText('My Orders');
  await page.waitForLoadState('networkidle');
  await scripts.settled();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.form).map((s) => s.url)).toEqual([]);

  // A farm page works offline: it saves the farm data on this device…
  await page.goto('/farms');
  await expect(page.getByRole('button', { name: 'Add New Farm' })).toBeVisible();
  await expect.poll(() => scripts.some((s) => s.form)).toBe(true);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('shambasoko.offline.saved'))).not.toBeNull();
  // …so the next page, the orders too, starts the offline support that keeps it (and sends waiting changes).
  scripts.length = 0;
  await page.goto('/orders');
  await expect(page.getByTestId('page-title')).toHaveText('My Orders');
  await expect.poll(() => scripts.some((s) => s.form)).toBe(true);
});

/** A marker of the federation runtime (its error texts' help link), and one of the design system's page skeleton. */
const RUNTIME_CODE = 'module-federation.io/guide/troubleshooting';
const APP_AREA_CODE = '"page-skeleton"';

test('the landing page loads no federation runtime; a signed-in page gets it with the app area in one script', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { firstName: 'Jepkosgei', lastName: 'Kiprono' });
  await page.setViewportSize({ width: 412, height: 915 });
  const landing = watchScripts(page, RUNTIME_CODE);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await landing.settled();
  expect(landing.length).toBeGreaterThan(0);
  expect(landing.filter((s) => s.form).map((s) => s.url)).toEqual([]);

  await signIn(page, owner);
  const runtime = watchScripts(page, RUNTIME_CODE);
  const appArea = watchScripts(page, APP_AREA_CODE);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all([runtime.settled(), appArea.settled()]);
  // The shell's own scripts (a remote's entry carries error texts of its own).
  const shell = new URL(page.url()).origin;
  const withRuntime = runtime.filter((s) => s.form && new URL(s.url).origin === shell).map((s) => s.url);
  expect(withRuntime).toHaveLength(1);
  expect(appArea.filter((s) => s.form).map((s) => s.url)).toContain(withRuntime[0]);
});
