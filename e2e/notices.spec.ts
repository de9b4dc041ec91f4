import { expect, test, type Browser } from '@playwright/test';
import { signIn } from './support/auth';
import { freshBuyerPays, newPhone } from './support/orders';
import { call, list, newSeller, type Shop } from './support/sellers';
import { runScheduledJob } from './support/stack';

// Issue 41, notices outside the app: a paid order texts the seller (seen on the sandbox's SMS inbox
// page for their number), a seller who switched SMS off in Preferences gets none, and the buyer's
// e-mail receipt lands in the sandbox's mail catcher.

test.use({ viewport: { width: 412, height: 915 } });

const SANDBOX = 'http://localhost:4010';
const international = (phone: string) => `+254${phone.slice(1)}`;

async function sellerWithPhone(request: Parameters<typeof newSeller>[0], name: string): Promise<Shop & { phone: string }> {
  const shop = await newSeller(request, name, 'Kiambu');
  const phone = newPhone();
  const saved = await request.fetch('/v1/profile', {
    method: 'PATCH',
    data: { msisdn: phone },
    headers: { authorization: `Bearer ${shop.account.accessToken}` },
  });
  expect(saved.status()).toBe(200);
  return { ...shop, phone };
}

async function inbox(browser: Browser, phone: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  await page.goto(`${SANDBOX}/sms?to=${encodeURIComponent(international(phone))}`);
  return { page, close: () => context.close() };
}

test('a paid order texts the seller; the SMS is on their phone', async ({ request, browser }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const shop = await sellerWithPhone(request, `Achieng Greens ${tag}`);
  const kale = await list(request, shop, { title: `Sukuma Wiki ${tag}`, price: 1000, stock: 20 });
  const { order } = await freshBuyerPays(request, browser, kale, 2);

  // The outbox job sends what the payment queued (the scheduler would, within 30 s); run again while
  // the other tests' notices queued ahead of this one go out.
  const phone = await inbox(browser, shop.phone);
  await expect(async () => {
    await runScheduledJob('notice-outbox', new Date());
    await phone.page.reload();
    await expect(phone.page.getByRole('list', { name: /^Messages to / })).toContainText(
      // The seller's own part: the goods and their delivery fee (one seller: the order's total).
      new RegExp(`Order ${order.number} paid: Ksh ${order.total.toLocaleString('en-KE')}\\. Accept and send it: http.+/seller/sales`),
      { timeout: 1000 },
    );
  }).toPass({ timeout: 20_000 });
  await phone.close();
});

test('a seller who switched SMS off in Preferences gets no text for a paid order', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const shop = await sellerWithPhone(request, `Mutua Fruits ${tag}`);
  const mangoes = await list(request, shop, { title: `Apple Mangoes ${tag}`, price: 2500, stock: 20 });

  await signIn(page, shop.account);
  await page.goto('/preferences');
  const channels = page.getByRole('group', { name: 'SMS, e-mail and push' });
  await channels.getByRole('checkbox', { name: 'SMS', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByRole('status')).toContainText('Your preferences have been saved.');

  const { order } = await freshBuyerPays(request, browser, mangoes, 2);
  await runScheduledJob('notice-outbox', new Date());
  // The in-app notice still comes; the phone stays empty.
  await expect
    .poll(async () =>
      (await call<{ items: Array<{ title: string }> }>(request, shop.account, 'GET', '/v1/notifications')).items.map((n) => n.title),
    )
    .toContain(`Sale ${order.number}: Paid`);
  const phone = await inbox(browser, shop.phone);
  await expect(phone.page.getByRole('list', { name: /^Messages to / })).toContainText('No messages yet.');
  await phone.close();
});

test('a paid order e-mails the buyer a receipt note, seen in the mail catcher', async ({ request, browser }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const shop = await sellerWithPhone(request, `Njeri Herbs ${tag}`);
  const dhania = await list(request, shop, { title: `Dhania ${tag}`, price: 500, stock: 20 });
  const { buyer, order } = await freshBuyerPays(request, browser, dhania, 2);

  // The catcher's JSON (newest first) for the buyer's address: exactly one receipt.
  await expect
    .poll(
      async () => {
        await runScheduledJob('notice-outbox', new Date());
        const res = await request.get(`${SANDBOX}/sandbox/mail?to=${encodeURIComponent(buyer.email)}`);
        const { messages } = (await res.json()) as { messages: Array<{ subject: string }> };
        // The order's other notices (placed, paid) come by e-mail too; the receipt note comes once.
        return messages.map((m) => m.subject).filter((subject) => subject.startsWith('Thank you'));
      },
      { timeout: 20_000 },
    )
    .toEqual([`Thank you for your order ${order.number}`]);

  // And on the mail page, as a developer reads it on a phone.
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  await page.goto(`${SANDBOX}/mail?to=${encodeURIComponent(buyer.email)}`);
  const mail = page.getByRole('list', { name: 'Mail' });
  await expect(mail.getByRole('heading', { name: `Thank you for your order ${order.number}` })).toBeVisible();
  await expect(mail).toContainText(
    new RegExp(`We received your payment of .+\\. Each seller will send their part; follow it here: http.+/orders/${order.id}`),
  );
  await context.close();
});
