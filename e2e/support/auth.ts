import { type APIRequestContext, type Page, expect } from '@playwright/test';

const EMULATOR = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const API = 'http://localhost:3000';
const PROJECT = 'demo-shambasoko';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  uid: string;
  userId: string;
  /** Of the sign-in createAccount/loginAccount opened, for API calls; the browser gets its own (signIn). */
  accessToken: string;
  expiresAt: number;
  /** The account roles the core API answered (switcher order). */
  roles: string[];
}

/** The self-service roles the sign-up form offers. */
type SelfServiceRole = 'Farmer' | 'Buyer' | 'Supplier' | 'Retailer';

/** The HttpOnly refresh cookie (Path=/v1/auth); pages never see it, the browser sends it. */
export const REFRESH_COOKIE = 'shambasoko_refresh';

let counter = 0;
// Two workers make accounts at once: the worker's index keeps their addresses apart.
export const uniqueEmail = (prefix = 'farmer') =>
  `${prefix}.${Date.now().toString(36)}${process.env.TEST_PARALLEL_INDEX ?? ''}x${(counter += 1)}@example.co.ke`;

/**
 * Marks the address of an emulator account as confirmed, as the confirmation link would (the emulator
 * takes admin calls with the token "owner"). ID tokens minted afterwards carry email_verified.
 */
async function verifyEmail(request: APIRequestContext, uid: string): Promise<void> {
  const res = await request.post(`${EMULATOR}/projects/${PROJECT}/accounts:update`, {
    headers: { authorization: 'Bearer owner' },
    data: { localId: uid, emailVerified: true },
  });
  if (!res.ok()) throw new Error(`emulator accounts:update failed: ${await res.text()}`);
}

/**
 * A real account, made the way the app makes one: at the identity provider (the Auth emulator),
 * then at the core API with the provider's ID token. Its e-mail is confirmed unless `verified` is
 * false: the core API links farm invitations and Add User only to confirmed addresses.
 */
export async function createAccount(
  request: APIRequestContext,
  {
    email = uniqueEmail(),
    password = 'Shamba-2026',
    firstName = 'Amina',
    lastName = 'Wafula',
    verified = true,
    roles = ['Farmer'],
  }: Partial<Pick<TestAccount, 'email' | 'password' | 'firstName' | 'lastName'> & { verified: boolean; roles: SelfServiceRole[] }> = {},
): Promise<TestAccount> {
  const signUp = await request.post(`${EMULATOR}/accounts:signUp?key=e2e`, {
    data: { email, password, displayName: `${firstName} ${lastName}`, returnSecureToken: true },
  });
  if (!signUp.ok()) throw new Error(`emulator sign-up failed: ${await signUp.text()}`);
  const signedUp = (await signUp.json()) as { localId: string; idToken: string };
  const uid = signedUp.localId;
  let idToken = signedUp.idToken;
  if (verified) {
    await verifyEmail(request, uid);
    // A fresh token, so the core API sees the confirmed address from the first sign-in.
    const again = await request.post(`${EMULATOR}/accounts:signInWithPassword?key=e2e`, {
      data: { email, password, returnSecureToken: true },
    });
    if (!again.ok()) throw new Error(`emulator sign-in failed: ${await again.text()}`);
    idToken = ((await again.json()) as { idToken: string }).idToken;
  }
  const created = await request.post(`${API}/v1/auth/create-account`, {
    data: {
      idToken,
      account: {
        firebaseRefId: uid,
        username: email.split('@')[0],
        firstName,
        lastName,
        fullName: `${firstName} ${lastName}`,
        email,
        msisdn: '+254 712 000 000',
        password: '',
        avatar: null,
        termsAccepted: true,
        termsVersion: '1.0.0',
        privacyPolicyAccepted: true,
        privacyPolicyVersion: '1.0.0',
        cookiePolicyAccepted: true,
        cookiePolicyVersion: '1.0.0',
        roles,
      },
    },
  });
  if (!created.ok()) throw new Error(`core API create-account failed: ${created.status()} ${await created.text()}`);
  const { body } = (await created.json()) as {
    body: { auth: { accessToken: string; expiresAt: number }; user: { id: string; roles: string[] } };
  };
  return { email, password, firstName, lastName, uid, userId: body.user.id, roles: body.user.roles, ...body.auth };
}

/**
 * Opens a new sign-in for the account in the page's browser context, as a completed sign-in leaves
 * it: the refresh cookie (set by the API on the context's own request client, which shares the
 * browser's cookies) and the display data in localStorage. The page then restores the session
 * through /v1/auth/refresh, as after a reload. A new sign-in each time: refresh tokens are single-use.
 */
export async function signIn(page: Page, account: TestAccount): Promise<void> {
  // On the shell's site the session is written where no app runs (its remotes manifest, a JSON file): an
  // app page still starting (its session check in flight) or still signing out would save its own state
  // over this one, and a remembered account would go missing on a busy machine. A page on another origin
  // (a remote opened alone) is signed in where it is: its storage is its own.
  const here = page.url();
  if (here === 'about:blank' || new URL(here).origin === API) await page.goto('/remotes.json');
  const signInRes = await page.request.post(`${EMULATOR}/accounts:signInWithPassword?key=e2e`, {
    data: { email: account.email, password: account.password, returnSecureToken: true },
  });
  if (!signInRes.ok()) throw new Error(`emulator sign-in failed: ${await signInRes.text()}`);
  const { idToken } = (await signInRes.json()) as { idToken: string };
  const res = await page.request.post(`${API}/v1/auth/login`, { data: { idToken, webClient: true } });
  if (!res.ok()) throw new Error(`core API login failed: ${res.status()} ${await res.text()}`);
  const { roles } = ((await res.json()) as { body: { user: { roles: string[] } } }).body.user;
  await page.evaluate(
    ({ a, roles }) => {
      // The session store's persisted shape (shared/src/session/store.ts): display data and ids only.
      const key = 'shambasoko.session';
      const displayName = `${a.firstName} ${a.lastName}`;
      const stored =
        (JSON.parse(localStorage.getItem(key) ?? '{}') as { state?: { accounts?: Array<{ uid: string }>; role?: string } }).state ?? {};
      const accounts = [
        { uid: a.uid, email: a.email, displayName, photoURL: null, lastUsed: Date.now() },
        ...(stored.accounts ?? []).filter((x) => x.uid !== a.uid),
      ].slice(0, 5);
      const user = { uid: a.uid, displayName, email: a.email, photoURL: null, roles };
      // As a sign-in does: the role kept if held, else the first held of Farmer, Supplier, Retailer, Buyer, Admin.
      const first = ['Farmer', 'Supplier', 'Retailer', 'Buyer', 'Admin'].find((r) => roles.includes(r));
      const role = stored.role && roles.includes(stored.role) ? stored.role : first;
      localStorage.setItem(key, JSON.stringify({ state: { user, userId: a.userId, accounts, role }, version: 1 }));
    },
    { a: account, roles },
  );
}

/** The seeded demo account (3 farms, 12 fields, …), created by `npm start` in the emulator. */
export const DEMO = { email: 'demo@shambasoko.co.ke', password: 'ShambaDemo2026!' };

/** Signs in as an existing provider account (e.g. the demo) through the core API's e-mail sign-in. */
export async function loginAccount(request: APIRequestContext, email: string, password: string): Promise<TestAccount> {
  const signInRes = await request.post(`${EMULATOR}/accounts:signInWithPassword?key=e2e`, {
    data: { email, password, returnSecureToken: true },
  });
  if (!signInRes.ok()) throw new Error(`emulator sign-in failed: ${await signInRes.text()}`);
  const { localId: uid, idToken } = (await signInRes.json()) as { localId: string; idToken: string };
  const res = await request.post(`${API}/v1/auth/login`, { data: { idToken, webClient: true } });
  if (!res.ok()) throw new Error(`core API login failed: ${res.status()} ${await res.text()}`);
  const { body } = (await res.json()) as {
    body: { auth: { accessToken: string; expiresAt: number }; user: { id: string; firstName: string; lastName: string; roles: string[] } };
  };
  const { firstName, lastName, id: userId, roles } = body.user;
  return { email, password, firstName, lastName, uid, userId, roles, ...body.auth };
}

/**
 * Grants Admin as the seeded demo account (an Admin in development) would in the console, through
 * PUT /v1/admin/accounts/admin-role. `npm run admin:grant` cannot run here: the running API holds
 * the embedded database.
 */
export async function grantAdmin(request: APIRequestContext, email: string): Promise<void> {
  const admin = await loginAccount(request, DEMO.email, DEMO.password);
  const res = await request.put(`${API}/v1/admin/accounts/admin-role`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    data: { email, granted: true },
  });
  if (!res.ok()) throw new Error(`admin-role grant failed: ${res.status()} ${await res.text()}`);
}

/** Signs in through the sign-in form, as a person would. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs out through the account menu and its confirmation, and lands on the landing page. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to sign out of your ShambaSoko account?');
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * The access token lives in the page's memory only: it is read from the next API request that
 * `action` makes the page send.
 */
export async function bearerFrom(page: Page, action: () => Promise<unknown>): Promise<string> {
  const sent = page.waitForRequest(
    (r) => new URL(r.url()).pathname.startsWith('/v1/') && (r.headers().authorization ?? '').startsWith('Bearer '),
  );
  await action();
  return (await sent).headers().authorization!.slice('Bearer '.length);
}

/** Whether the browser holds a refresh cookie (HttpOnly: only the browser, not the page, can see it). */
export async function hasRefreshCookie(page: Page): Promise<boolean> {
  return (await page.context().cookies()).some((c) => c.name === REFRESH_COOKIE && c.value !== '');
}

/** What the page's session store keeps in localStorage (display data and ids only). */
export async function storedSession(
  page: Page,
): Promise<{ userId: string | null; role: string; accounts: Array<{ email: string; displayName: string }> }> {
  return page.evaluate(() => {
    const state = (JSON.parse(localStorage.getItem('shambasoko.session') ?? '{}') as { state?: object }).state ?? {};
    return { userId: null, role: 'Farmer', accounts: [], ...state };
  });
}
