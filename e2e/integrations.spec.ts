import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginAccount, signIn } from './support/auth';
import { newSeller } from './support/sellers';

// External › Integrations (issue 44): an Admin issues a shop's API key (shown once), adds a webhook,
// sends a test event and sees it delivered in the log. The receiver is a server in this test process,
// which checks the signature with the secret the page showed once.

const API = 'http://localhost:3000';
const SHOTS = 'e2e/screenshots';
test.use({ viewport: { width: 412, height: 915 } });

async function asAdmin(page: Page) {
  await signIn(page, await loginAccount(page.request, DEMO.email, DEMO.password));
}

test('an Admin creates a key shown once, adds a webhook, sends a test event and sees it in the delivery log', async ({ page, request }) => {
  const received: Array<{ signature: string; body: string }> = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ signature: String(req.headers['shambasoko-signature'] ?? ''), body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const stamp = Date.now().toString(36);
    const shop = await newSeller(request, `Partner Farm ${stamp}`, 'Nakuru');
    await asAdmin(page);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'More for Admins' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(/\/admin\/integrations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

    // A read-only key for the shop: the whole key is shown once, then only its prefix.
    const keyForm = page.getByRole('form', { name: 'New API key' });
    await keyForm.getByRole('combobox', { name: 'Organisation' }).selectOption('shop');
    await keyForm.getByRole('textbox', { name: /Shop id/ }).fill(shop.sellerId);
    await keyForm.getByRole('textbox', { name: /Key name/ }).fill(`Coop ERP ${stamp}`);
    await keyForm.getByRole('checkbox', { name: 'orders:read' }).check();
    await keyForm.getByRole('checkbox', { name: 'products:read' }).check();
    await keyForm.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'Your new API key' });
    await expect(shown).toContainText('it will not be shown again');
    const secret = (await shown.getByTestId('shown-once-secret').innerText()).trim();
    expect(secret).toMatch(/^sk_live_/);
    const key = page.getByRole('article', { name: `Coop ERP ${stamp}` });
    await expect(key).toContainText(`${secret.slice(0, 14)}…`);
    await expect(key).toContainText('Active');
    await page.screenshot({ path: `${SHOTS}/admin-integrations-key-412.png`, fullPage: true });
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    // The key reads the shop's data, and cannot write.
    const read = await request.get(`${API}/v1/partner/products`, { headers: { authorization: `Bearer ${secret}` } });
    expect(read.status()).toBe(200);
    const write = await request.post(`${API}/v1/partner/products/${shop.sellerId}/stock`, {
      headers: { authorization: `Bearer ${secret}` },
      data: { delta: 1, note: 'count' },
    });
    expect(write.status()).toBe(403);

    // A webhook for the shop, then a test event.
    const hookForm = page.getByRole('form', { name: 'New webhook' });
    await hookForm.getByRole('combobox', { name: 'Organisation' }).selectOption('shop');
    await hookForm.getByRole('textbox', { name: /Shop id/ }).fill(shop.sellerId);
    await hookForm.getByRole('textbox', { name: /Address/ }).fill(hookUrl);
    await hookForm.getByRole('checkbox', { name: 'order.placed' }).check();
    await hookForm.getByRole('checkbox', { name: 'payment.confirmed' }).check();
    await hookForm.getByRole('button', { name: 'Add webhook' }).click();
    const hookShown = page.getByRole('status').filter({ hasText: "The webhook's signing secret" });
    const signingSecret = (await hookShown.getByTestId('shown-once-secret').innerText()).trim();
    expect(signingSecret).toMatch(/^whsec_/);
    await hookShown.getByRole('button', { name: 'I have copied it' }).click();

    const hook = page.getByRole('article', { name: hookUrl });
    await hook.getByRole('button', { name: 'Send test event' }).click();
    const log = hook.getByRole('list', { name: 'Delivery log' });
    await expect(log.getByRole('listitem').first()).toContainText('test.ping');
    await expect(log.getByRole('listitem').first()).toContainText('Delivered', { timeout: 15_000 });
    await expect(log.getByRole('listitem').first()).toContainText('HTTP 200');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await page.screenshot({ path: `${SHOTS}/admin-integrations-webhook-412.png`, fullPage: true });

    // What arrived is signed with the secret shown once: HMAC-SHA256 over "<t>.<body>".
    expect(received).toHaveLength(1);
    const [{ signature, body }] = received as [{ signature: string; body: string }];
    const parts = Object.fromEntries(signature.split(',').map((p) => p.split('=') as [string, string]));
    expect(createHmac('sha256', signingSecret).update(`${parts.t}.${body}`).digest('hex')).toBe(parts.v1);
    expect(JSON.parse(body)).toMatchObject({ type: 'test.ping', org: { kind: 'shop', id: shop.sellerId } });
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
