import { mkdirSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { createAccount, hasRefreshCookie, signIn, storedSession, type TestAccount } from './support/auth';

// Issue 7, front-end faults: the core API goes away (as seen from the browser) and comes back. Pages
// say so in our words with a Retry, nothing typed is lost, the cart stays, nobody is signed out, and a
// placement whose answer was lost is not placed twice.
test.use({ viewport: { width: 390, height: 844 } }); // phones first: the error states are checked at this size

const MAIZE = 'Certified Maize Seed H614D, 2 kg';
const UNREACHABLE = "We can't reach ShambaSoko right now. Check your connection and try again.";
const SHOTS = process.env.FAULTS_SHOTS ?? '/tmp/faults-shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

// Only the core API: the identity emulator's URLs also contain /v1/ and must keep working.
const coreApi = (url: URL) => url.origin === 'http://localhost:3000' && url.pathname.startsWith('/v1/');
const refuse = (route: Route) => route.abort('connectionrefused');

/** The API is down until the returned function is called. */
async function apiDown(page: Page): Promise<() => Promise<void>> {
  await page.route(coreApi, refuse);
  return () => page.unroute(coreApi, refuse);
}

async function expectNoRawErrors(page: Page) {
  await expect(page.getByText(/Failed to fetch|NetworkError|TypeError|API request failed/)).toHaveCount(0);
}

async function expectSignedIn(page: Page, account: TestAccount) {
  await expect(page).not.toHaveURL(/\/auth\//);
  expect(await hasRefreshCookie(page)).toBe(true);
  expect((await storedSession(page)).userId).toBe(account.userId);
}

async function addMaizeToCart(page: Page) {
  await page.goto('/market?q=maiz');
  await page.getByRole('link', { name: MAIZE, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: MAIZE })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: MAIZE }).first()).toBeVisible();
}

test('market: the outage is explained with Retry, Retry brings products back, and a guest cart survives', async ({ page }) => {
  await addMaizeToCart(page);

  const restore = await apiDown(page);
  await page.goto('/market');
  const error = page.getByRole('alert').filter({ hasText: 'We could not load products' });
  await expect(error).toContainText(UNREACHABLE);
  await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoRawErrors(page);
  await shot(page, 'market-api-down');

  // The guest cart lives in the browser: still there while the API is down.
  await page.getByTestId('cart-link').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: MAIZE }).first()).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
  await shot(page, 'cart-guest-api-down');

  await page.goto('/market');
  await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  await restore();
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('result-count')).toContainText(/\d+ products? found/);
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('cart-link')).toHaveAccessibleName('Cart, 1 item');
});

test('checkout: a lost or refused placement keeps every input, and the retry places exactly one order', async ({ page, request }) => {
  const account = await createAccount(request);
  await signIn(page, account);
  await addMaizeToCart(page);

  // The server cart while the API is down: an error with Retry, never "Your cart is empty".
  const restoreCart = await apiDown(page);
  await page.reload();
  const cartError = page.getByRole('alert').filter({ hasText: 'We could not load your cart' });
  await expect(cartError).toContainText(UNREACHABLE);
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
  await shot(page, 'cart-signed-in-api-down');
  await restoreCart();
  await cartError.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('link', { name: MAIZE }).first()).toBeVisible();
  await expectSignedIn(page, account);

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByLabel(/^Phone/).fill('0712 345 678');
  await page.getByLabel(/^Landmark or directions/).fill('Opposite Kenol petrol station');
  await page.getByLabel(/^Nearest town/).fill('Nakuru');
  await page.getByLabel(/^County/).selectOption('Nakuru');
  await page.getByRole('radio', { name: /Express Delivery/ }).check();
  // The shipping form is a draft in this tab: a reload keeps it.
  await page.reload();
  await expect(page.getByLabel(/^Landmark or directions/)).toHaveValue('Opposite Kenol petrol station');
  await expect(page.getByLabel(/^Phone/)).toHaveValue('0712 345 678');
  await expect(page.getByLabel(/^County/)).toHaveValue('Nakuru');
  await expect(page.getByRole('radio', { name: /Express Delivery/ })).toBeChecked();

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: /Bank Transfer/ }).check();
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByText('Pay using your order number as the reference')).toBeVisible();

  // 1. The request reaches the server, which places the order, but the answer never arrives.
  const keys: string[] = [];
  const loseAnswer = async (route: Route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    await route.fetch();
    await route.abort('connectionreset');
  };
  await page.route('**/v1/orders', loseAnswer);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const alert = page.getByRole('alert').filter({ hasText: UNREACHABLE });
  await expect(alert).toContainText('will not place a second order');
  await expect(page.getByText('Opposite Kenol petrol station')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectNoRawErrors(page);
  await shot(page, 'checkout-answer-lost');
  await page.unroute('**/v1/orders', loseAnswer);

  // 2. Then the whole API is down: still refused, still nothing lost, still signed in.
  const restore = await apiDown(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(alert).toBeVisible();
  await page.getByRole('button', { name: 'Edit shipping address' }).click();
  await expect(page.getByLabel(/^Landmark or directions/)).toHaveValue('Opposite Kenol petrol station');
  await expect(page.getByLabel(/^Nearest town/)).toHaveValue('Nakuru');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('radio', { name: /Bank Transfer/ })).toBeChecked();
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expectSignedIn(page, account);

  // 3. Back up: the retry sends the first attempt's key and gets that same order.
  await restore();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/v1/orders');
  await page.getByRole('button', { name: 'Place Order' }).click();
  expect((await posted).headers()['idempotency-key']).toBe(keys[0]);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[^/]+\/confirmation$/);
  expect(await page.evaluate(() => sessionStorage.getItem('checkoutDraft'))).toBeNull();

  const orders = await request.get('/v1/orders', { headers: { authorization: `Bearer ${account.accessToken}` } });
  const { body } = (await orders.json()) as { body: unknown[] };
  expect(body).toHaveLength(1);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  // One order row (the number alone; the payment column quotes it as the bank reference too).
  await expect(page.getByText(/^SS-\d+$/).filter({ visible: true })).toHaveCount(1);
  await expectSignedIn(page, account);
});

test('farm: the dashboard explains the outage and recovers on Retry; a dialog keeps what was typed', async ({ page, request }) => {
  const account = await createAccount(request, { firstName: 'Juma', lastName: 'Otieno' });
  await signIn(page, account);

  let restore = await apiDown(page);
  await page.goto('/dashboard');
  const error = page.getByRole('alert').filter({ hasText: UNREACHABLE });
  await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoRawErrors(page);
  await shot(page, 'dashboard-api-down');
  await expectSignedIn(page, account);

  await restore();
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No farms yet.')).toBeVisible();
  await expect(error).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Farm' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Farm' });
  const farmName = `Shamba ${Date.now().toString(36)}`;
  await dialog.getByLabel(/^Farm Name/).fill(farmName);
  await dialog.getByLabel(/^County/).selectOption('Nakuru');
  await dialog.getByLabel(/^Place/).fill('Njoro');
  await dialog.getByLabel(/^Total Size/).fill('12.5');

  restore = await apiDown(page);
  await dialog.getByRole('button', { name: 'Add Farm' }).click();
  await expect(dialog.getByRole('alert')).toContainText(UNREACHABLE);
  await expect(dialog.getByLabel(/^Farm Name/)).toHaveValue(farmName);
  await expect(dialog.getByLabel(/^County/)).toHaveValue('Nakuru');
  await expect(dialog.getByLabel(/^Place/)).toHaveValue('Njoro');
  await expect(dialog.getByLabel(/^Total Size/)).toHaveValue('12.5');
  await shot(page, 'add-farm-api-down');

  await restore();
  await dialog.getByRole('button', { name: 'Add Farm' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(farmName) })).toBeVisible();
  await expectSignedIn(page, account);
});

test('sign-in: with the API down the form says so and keeps what was typed; Sign In works once it is back', async ({ page, request }) => {
  const account = await createAccount(request, { firstName: 'Achieng', lastName: 'Mwangi' });
  const restore = await apiDown(page);
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: UNREACHABLE })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByLabel(/^Password/)).toHaveValue(account.password);
  await expectNoRawErrors(page);
  await shot(page, 'sign-in-api-down');

  // No reload: the provider's settings (GET /v1/config) are fetched again on the next try.
  await restore();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedIn(page, account);
});

test('farm lists: a refresh that fails keeps the farms already shown, says so, and Retry brings the new one', async ({ page, request }) => {
  const account = await createAccount(request, { firstName: 'Wanjiru', lastName: 'Kamau' });
  await signIn(page, account);
  await page.goto('/farms');
  const addFarm = async (name: string) => {
    await page
      .getByRole('button', { name: /Add (New )?Farm/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add New Farm' });
    await dialog.getByLabel(/^Farm Name/).fill(name);
    await dialog.getByLabel(/^County/).selectOption('Nyeri');
    await dialog.getByLabel(/^Total Size/).fill('4');
    await dialog.getByRole('button', { name: 'Add Farm' }).click();
    await expect(dialog).toHaveCount(0);
  };
  const first = `Mlima ${Date.now().toString(36)}`;
  await addFarm(first);
  // Phones get the farms as a list of cards (the table is hidden at this width).
  const cards = page.getByRole('list', { name: 'Farms' });
  await expect(cards.getByText(first)).toBeVisible();

  // Saving works, but every read fails: the list's refresh after the save cannot load.
  const refuseReads = (route: Route) => (route.request().method() === 'GET' ? route.abort('connectionrefused') : route.fallback());
  await page.route(coreApi, refuseReads);
  const second = `Bonde ${Date.now().toString(36)}`;
  await addFarm(second);
  const notice = page.getByRole('alert').filter({ hasText: 'Showing the list as it was last loaded.' });
  await expect(notice).toContainText(UNREACHABLE);
  await expect(cards.getByText(first)).toBeVisible();
  await expect(cards.getByText(second)).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expectNoRawErrors(page);
  await shot(page, 'farms-refresh-failed');

  await page.unroute(coreApi, refuseReads);
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(cards.getByText(second)).toBeVisible();
  await expect(cards.getByText(first)).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expectSignedIn(page, account);
});
