import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn, type TestAccount } from './support/auth';
import { freshBuyerPays } from './support/orders';
import { call, list, newSeller } from './support/sellers';
import { runScheduledJob } from './support/stack';

// Issue 41, web push: headless Chromium cannot reach a real push service, so the payments sandbox
// plays the seller's browser too. Its fake subscription (keys the sandbox keeps) is registered through
// the API for the signed-in seller; when an order is paid, the outbox pushes the notice, and the
// sandbox's push page shows it decrypted, in the seller's Kiswahili.

test.use({ viewport: { width: 412, height: 915 } });

const SANDBOX = 'http://localhost:4010';

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

async function kiswahili(request: APIRequestContext, who: TestAccount) {
  await call(request, who, 'PUT', '/v1/me/preferences', {
    language: 'sw',
    areaUnit: 'acres',
    notifications: { orderUpdates: true, taskAssignments: true, paymentUpdates: true },
  });
}

/** The sandbox makes a browser subscription for our VAPID key; the API keeps it for the person. */
async function subscribeFakeBrowser(request: APIRequestContext, who: TestAccount): Promise<Subscription> {
  const { publicKey } = await call<{ publicKey: string | null }>(request, who, 'GET', '/v1/me/push/key');
  expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  const made = await request.post(`${SANDBOX}/sandbox/push/subscribers`, { data: { applicationServerKey: publicKey } });
  expect(made.status()).toBe(201);
  const subscription = (await made.json()) as Subscription;
  expect(await call<{ subscribed: boolean }>(request, who, 'POST', '/v1/me/push/subscriptions', subscription)).toEqual({
    subscribed: true,
  });
  return subscription;
}

test("a paid order's notice reaches the seller's subscribed browser by push, decrypted, in Kiswahili", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const shop = await newSeller(request, `Push Greens ${tag}`, 'Kiambu');
  const kale = await list(request, shop, { title: `Sukuma ${tag}`, price: 800, stock: 20 });
  await kiswahili(request, shop.account);

  // The push channel is on by default, beside SMS and e-mail, on the seller's Preferences page (in
  // English or already in Kiswahili, as the page picks up the saved language).
  await signIn(page, shop.account);
  await page.goto('/preferences');
  const channels = page.getByRole('group', { name: /^SMS, (e-mail and push|barua pepe na arifa za simu)$/ });
  await expect(channels.getByRole('checkbox', { name: /^(Push notifications|Arifa za simu \(push\))$/ })).toBeChecked();

  const subscription = await subscribeFakeBrowser(request, shop.account);
  const { order } = await freshBuyerPays(request, browser, kale);

  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const pushPage = await context.newPage();
  // The outbox job sends what the payment queued; run it again while other tests' notices go first.
  await expect(async () => {
    await runScheduledJob('notice-outbox', new Date());
    await pushPage.goto(`${SANDBOX}/push?endpoint=${encodeURIComponent(subscription.endpoint)}`);
    await expect(
      pushPage.getByRole('list', { name: 'Push notifications' }).getByRole('heading', { name: `Mauzo ${order.number}: Imelipwa` }),
    ).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  // The tap opens the seller's sales page of this app.
  await expect(pushPage.getByRole('list', { name: 'Push notifications' })).toContainText(/http.+\/seller\/sales/);

  // Exactly once, decrypted from what the API encrypted for this browser's keys.
  const res = await request.get(`${SANDBOX}/sandbox/push?endpoint=${encodeURIComponent(subscription.endpoint)}`);
  const { messages } = (await res.json()) as { messages: Array<{ json: { title: string; body: string; url: string } | null }> };
  expect(messages.filter((m) => m.json?.title === `Mauzo ${order.number}: Imelipwa`)).toHaveLength(1);
  await context.close();
});

test('a seller who switched push off in Preferences gets no push for a paid order', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const shop = await newSeller(request, `Kimya Fruits ${tag}`, 'Kiambu');
  const mangoes = await list(request, shop, { title: `Mangoes ${tag}`, price: 1200, stock: 20 });
  const subscription = await subscribeFakeBrowser(request, shop.account);

  await signIn(page, shop.account);
  await page.goto('/preferences');
  const channels = page.getByRole('group', { name: 'SMS, e-mail and push' });
  await channels.getByRole('checkbox', { name: 'Push notifications' }).uncheck();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByRole('status')).toContainText('Your preferences have been saved.');

  const { order } = await freshBuyerPays(request, browser, mangoes);
  await runScheduledJob('notice-outbox', new Date());
  // The in-app notice still comes; the browser gets nothing.
  await expect
    .poll(async () =>
      (await call<{ items: Array<{ title: string }> }>(request, shop.account, 'GET', '/v1/notifications')).items.map((n) => n.title),
    )
    .toContain(`Sale ${order.number}: Paid`);
  const res = await request.get(`${SANDBOX}/sandbox/push?endpoint=${encodeURIComponent(subscription.endpoint)}`);
  expect(((await res.json()) as { messages: unknown[] }).messages).toEqual([]);
});
