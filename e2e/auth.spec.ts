import { expect, test, type BrowserContext } from '@playwright/test';
import { createAccount, hasRefreshCookie, signIn, signInWithForm, signOutFromMenu, storedSession, uniqueEmail } from './support/auth';

// Identity end to end against the real stack: Auth emulator + core API + shell + auth remote.
const EMULATOR = 'http://127.0.0.1:9099';
const PROJECT = 'demo-shambasoko';
const SHOTS = '/tmp/auth-shots';

/**
 * The provider SDK's popup flow talks to a helper iframe through Google's gapi loader
 * (https://apis.google.com/js/api.js), even against the emulator, and the emulator's iframe loads it
 * too. This machine is offline, so the test serves a minimal stand-in: gapi.load, iframes.getContext()
 * .open()/getParentIframe() and register/send over postMessage. Messages sent before the other side
 * registers its handler are queued, as gapi does.
 */
const GAPI_STUB = `(function () {
  function channel(target) {
    var handlers = {}, queued = [], pending = {}, seq = 0;
    function reply(m) {
      var result;
      try { result = handlers[m.type](m.data); } catch (e) { result = undefined; }
      Promise.resolve(result).then(function (r) {
        target().postMessage({ __gapiStub: true, kind: 'reply', id: m.id, result: [r] }, '*');
      });
    }
    window.addEventListener('message', function (e) {
      var m = e.data;
      if (!m || m.__gapiStub !== true || e.source !== target()) return;
      if (m.kind === 'send') { if (handlers[m.type]) reply(m); else queued.push(m); }
      else if (m.kind === 'reply' && pending[m.id]) { var cb = pending[m.id]; delete pending[m.id]; cb(m.result); }
    });
    return {
      register: function (type, handler) {
        handlers[type] = handler;
        queued = queued.filter(function (m) { if (m.type !== type) return true; reply(m); return false; });
      },
      send: function (type, data, cb) {
        var id = String(++seq) + ':' + Math.random();
        if (cb) pending[id] = cb;
        target().postMessage({ __gapiStub: true, kind: 'send', type: type, data: data, id: id }, '*');
      }
    };
  }
  var parent = null;
  var context = {
    open: function (options, cb) {
      var el = document.createElement('iframe');
      el.setAttribute('aria-hidden', 'true');
      el.tabIndex = -1;
      el.style.cssText = 'position:absolute;top:-100px;width:1px;height:1px';
      var loaded = new Promise(function (resolve) { el.addEventListener('load', function () { resolve(); }); });
      el.src = options.url;
      (options.where || document.body).appendChild(el);
      var ch = channel(function () { return el.contentWindow; });
      return cb({
        register: ch.register,
        send: ch.send,
        restyle: function () { return Promise.resolve(); },
        ping: function (done) { return loaded.then(function () { if (done) done(); }); }
      });
    },
    getParentIframe: function () { return parent || (parent = channel(function () { return window.parent; })); }
  };
  window.gapi = {
    load: function (name, o) { o.callback(); },
    iframes: { CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; }, getContext: function () { return context; } }
  };
  var src = (document.currentScript && document.currentScript.src) || '';
  var onload = src ? new URL(src).searchParams.get('onload') : null;
  if (onload && typeof window[onload] === 'function') window[onload]();
  else if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();`;

/** Offline: the gapi stand-in above, and the emulator popup's CDN styles fail at once. */
async function offlineGoogle(context: BrowserContext) {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STUB }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) => route.abort());
}

test('the landing page loads no identity SDK, even for a returning user', async ({ page, request }) => {
  const account = await createAccount(request);
  await signIn(page, account);
  const scripts: string[] = [];
  const calls: string[] = [];
  page.on('request', (r) => calls.push(r.url()));
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''));
  });
  await page.goto('/');
  // The footer renders after first paint, once start-up has run: anything the page loads by itself has been asked for.
  await expect(page.locator('#contact')).toBeVisible();
  await page.waitForLoadState('load');
  expect(calls.filter((u) => u.includes('/v1/config') || u.includes('9099'))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((text) => text.includes('identitytoolkit'))).toEqual([]);
});

test('sign up with e-mail, sign out with confirmation, sign in again', async ({ page }) => {
  const email = uniqueEmail('signup');
  const password = 'Shamba-2026';
  await page.goto('/auth/create-account');
  await page.getByLabel('First name').fill('Achieng');
  await page.getByLabel('Last name').fill('Odhiambo');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill('different');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel(/^Confirm password/).fill(password);
  // No role is ticked for anyone: Create Account asks for one first.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Choose at least one role')).toBeVisible();
  await page.getByRole('group', { name: 'I am a…' }).getByRole('checkbox', { name: 'Farmer' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('AO');
  const stored = {
    tokens: await page.evaluate(() => ['accessToken', 'refreshToken', 'tokenExpiresAt'].map((key) => localStorage.getItem(key))),
    ...(await storedSession(page)),
  };
  // The session is the HttpOnly cookie plus a token in memory: nothing a script could take is stored.
  expect(stored.tokens).toEqual([null, null, null]);
  expect(stored.userId).toBeTruthy();
  expect(await hasRefreshCookie(page)).toBe(true);
  expect(stored.accounts[0]).toMatchObject({ email, displayName: 'Achieng Odhiambo' });

  await signOutFromMenu(page);
  expect(await hasRefreshCookie(page)).toBe(false);
  expect((await storedSession(page)).accounts.map((a) => a.email)).toContain(email);

  await page.goto('/auth/sign-in');
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the red box, which clears on input', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/auth/sign-in');
  await signInWithForm(page, account.email, 'wrong-password');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Incorrect e-mail or password.');
  await expect(alert).toHaveClass(/bg-red-50/);
  await page.getByLabel(/^Password/).fill('something else');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('forgot password end to end', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `If an account exists for ${account.email}, we have sent a link to reset your password.`,
  );

  const codes = (await (await request.get(`${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`)).json()) as {
    oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
  };
  const reset = codes.oobCodes.filter((c) => c.email === account.email && c.requestType === 'PASSWORD_RESET').pop();
  expect(reset).toBeTruthy();
  const newPassword = 'New-Shamba-2027';
  const done = await request.post(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=e2e`, {
    data: { oobCode: reset?.oobCode, newPassword },
  });
  expect(done.ok()).toBe(true);

  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

// A new Google account opens from Create Account (its policies are accepted there) once it has chosen
// its roles, after the popup and before the account is made; Sign In refuses it.
test('Google sign-up through the emulator popup chooses its roles', async ({ page, context }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await offlineGoogle(context);
  const email = uniqueEmail('google');
  await page.goto('/auth/create-account');
  const popupOpened = page.waitForEvent('popup', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened.catch(async () => {
    const shown = await page
      .getByRole('alert')
      .textContent({ timeout: 1000 })
      .catch(() => 'nothing');
    // The SDK loads https://apis.google.com/js/api.js before it opens the popup: the page CSP must allow it.
    throw new Error(`no Google popup opened; the page shows: ${shown}`);
  });
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill('Kiprop Chebet');
  await popup.locator('#sign-in').click();
  const step = page.getByRole('form', { name: 'Who are you on ShambaSoko?' });
  await expect(step).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/auth\/create-account$/);
  for (const role of ['Farmer', 'Buyer', 'Supplier', 'Retailer'])
    await expect(step.getByRole('checkbox', { name: role })).not.toBeChecked();
  await expect(step.getByRole('checkbox', { name: 'Admin' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/google-sign-up-roles.png`, fullPage: true });
  await step.getByRole('checkbox', { name: 'Farmer' }).check();
  await step.getByRole('checkbox', { name: 'Buyer' }).check();
  await step.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).not.toHaveURL(/\/auth\//, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('KC');
  await expect.poll(() => page.getByRole('combobox', { name: 'Role' }).locator('option').allTextContents()).toEqual(['Farmer', 'Buyer']);
  const first = (await storedSession(page)).accounts[0]?.email;
  expect(first).toBe(email);
});

test('get started decides from the real account list', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/auth/get-started');
  await page.getByLabel('Email').fill(account.email);
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByLabel(/^Password/).fill(account.password);
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('account chooser with two remembered accounts', async ({ page, request }) => {
  const first = await createAccount(request, { firstName: 'Amina', lastName: 'Wafula' });
  const second = await createAccount(request, { firstName: 'Baraka', lastName: 'Mwangi' });
  await signIn(page, first);
  await signIn(page, second);
  await page.goto('/');
  await page.getByRole('button', { name: 'Dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Current account' })).toContainText(second.email);
  await expect(dialog.getByRole('button', { name: /Switch to Amina Wafula/ })).toContainText('Last used');
  await expect(dialog.getByRole('button', { name: 'Add New Account' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue as Baraka' })).toBeVisible();

  await dialog.getByRole('button', { name: /Switch to Amina Wafula/ }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByLabel('Email')).toHaveValue(first.email);
  const order = (await storedSession(page)).accounts.map((a) => a.email);
  expect(order.slice(0, 2)).toEqual([first.email, second.email]);
  expect(await hasRefreshCookie(page)).toBe(false);
  await page.getByLabel(/^Password/).fill(first.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a deep link to /farms while signed out returns there after sign-in', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/farms');
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=%2Ffarms$/);
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/farms$/);
});

test('profile settings save the name', async ({ page, request }) => {
  const account = await createAccount(request, { firstName: 'Neema', lastName: 'Atieno' });
  await page.goto('/auth/sign-in');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('First name').fill('Neema Grace');
  await page.getByLabel('Phone').fill('+254 700 111 222');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Your profile has been saved.');
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Neema Grace');
  await expect(page.getByLabel('Phone')).toHaveValue('+254 700 111 222');
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('NG');
});

test('roles chosen at sign-up are the switcher, and it follows Profile Settings', async ({ page }) => {
  const options = () => page.getByRole('combobox', { name: 'Role' }).locator('option').allTextContents();
  await page.goto('/auth/create-account');
  await page.getByLabel('First name').fill('Zawadi');
  await page.getByLabel('Last name').fill('Njeri');
  await page.getByLabel('Email').fill(uniqueEmail('roles'));
  await page.getByLabel(/^Password/).fill('Shamba-2026');
  await page.getByLabel(/^Confirm password/).fill('Shamba-2026');
  const iAm = page.getByRole('group', { name: 'I am a…' });
  for (const role of ['Farmer', 'Buyer', 'Supplier', 'Retailer']) await expect(iAm.getByRole('checkbox', { name: role })).not.toBeChecked();
  await iAm.getByRole('checkbox', { name: 'Buyer' }).check();
  await iAm.getByRole('checkbox', { name: 'Supplier' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The first role held is the one in use, and its home is where the person lands: a Supplier's shop.
  await expect(page).toHaveURL(/\/seller$/);
  await expect.poll(options).toEqual(['Supplier', 'Buyer']);
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('Supplier');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  const mine = page.getByRole('group', { name: 'My roles' });
  await expect(mine.getByRole('checkbox', { name: 'Buyer' })).toBeChecked();
  await mine.getByRole('checkbox', { name: 'Buyer' }).uncheck();
  await mine.getByRole('checkbox', { name: 'Retailer' }).check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Your profile has been saved.');
  await expect.poll(options).toEqual(['Supplier', 'Retailer']);
  await page.screenshot({ path: `${SHOTS}/profile-roles.png`, fullPage: true });

  // One role left: shown as text, nothing to switch; still so after a reload (the refresh answers the roles).
  await mine.getByRole('checkbox', { name: 'Supplier' }).uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Your profile has been saved.');
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
  await expect(page.getByTestId('current-role')).toHaveText('Retailer');
  await page.reload();
  await expect(page.getByTestId('current-role')).toHaveText('Retailer');
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`screenshots of the auth pages at ${width}x${height}`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const account = await createAccount(request, { firstName: 'Wanjiku', lastName: 'Kamau' });

    await page.goto('/auth/get-started');
    await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
    await shot('get-started');
    await page.getByLabel('Email').fill(uniqueEmail('new'));
    await expect(page.getByLabel('First name')).toBeVisible();
    await page.getByLabel(/^Password/).fill('abcdef');
    await page.getByLabel(/^Confirm password/).fill('abcdeg');
    await shot('get-started-new');
    await page.getByLabel('Email').fill(account.email);
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await shot('get-started-existing');

    await page.goto('/auth/sign-in');
    await signInWithForm(page, account.email, 'wrong-password');
    await expect(page.getByRole('alert')).toBeVisible();
    await shot('sign-in-error');

    await page.goto('/auth/create-account');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await shot('create-account');

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await shot('forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    await shot('forgot-password-sent');

    await page.goto('/auth/sign-in');
    await signInWithForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await shot('account-menu');
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Wanjiku');
    await shot('profile');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await shot('sign-out-confirm');

    const other = await createAccount(request, { firstName: 'Otieno', lastName: 'Juma' });
    await signIn(page, other);
    await page.goto('/');
    await page.getByRole('button', { name: 'Dashboard' }).click();
    await expect(page.getByRole('dialog', { name: 'Choose Account' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/account-chooser-${width}.png` });
  });
}
