import { expect, test } from '@playwright/test';
import { DEMO, createAccount, loginAccount, signIn } from './support/auth';
import { call, list, newSeller } from './support/sellers';

// Messages (issue 41) on a phone: a buyer messages a seller from a product page and the seller, in a
// browser of their own, sees it arrive without reloading (the event stream) and answers; a farm
// member posts in the farm chat and another member sees it; a report reaches the Admin's Reports page.

test.use({ viewport: { width: 412, height: 915 } });

// A real 1×1 PNG: sharp must accept it as a photo.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('messages', () => {
  test('a buyer messages a seller from a product page; the seller sees it live and answers', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const shop = await newSeller(request, `Chat Greens ${stamp}`, 'Kiambu');
    const title = `Chat kale ${stamp}`;
    const productId = await list(request, shop, { title, price: 80, stock: 30 });
    const buyer = await createAccount(request, { firstName: 'Amina', lastName: 'Hassan', roles: ['Buyer'] });

    // The seller waits in the inbox, in their own browser.
    const sellerPage = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
    await signIn(sellerPage, shop.account);
    await sellerPage.goto('/messages');
    await expect(sellerPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

    await signIn(page, buyer);
    await page.goto(`/market/item?itemId=${productId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Message seller' }).click();
    await expect(page).toHaveURL(/\/messages\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill('Is the kale picked today?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('message').last()).toContainText('Is the kale picked today?');

    // No reload on the seller's side: the stream brings it.
    const row = sellerPage.getByTestId('conversation-row').filter({ hasText: title });
    await expect(row).toContainText('Is the kale picked today?', { timeout: 5_000 });
    await expect(row).toContainText('1 unread');
    await row.click();
    await expect(sellerPage.getByTestId('message').last()).toContainText('Is the kale picked today?');
    await sellerPage.getByRole('textbox', { name: 'Message' }).fill('Yes, this morning.');
    await sellerPage.getByRole('button', { name: 'Send' }).click();

    await expect(page.getByTestId('message').last()).toContainText('Yes, this morning.', { timeout: 5_000 });
    // The seller read it: the buyer's own message shows Read.
    await expect(page.getByTestId('message').filter({ hasText: 'Is the kale picked today?' })).toContainText('Read');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    // No phone numbers in the conversation.
    await expect(page.getByText('0712 345 678')).toHaveCount(0);
    await page.screenshot({ path: 'e2e/screenshots/messages-thread-412.png' });
  });

  test('a buyer attaches a photo; the seller sees its thumbnail live and opens it full size; a stranger cannot fetch it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const shop = await newSeller(request, `Photo Shop ${stamp}`, 'Kiambu');
    const buyer = await createAccount(request, { firstName: 'Neema', lastName: 'Mwangi', roles: ['Buyer'] });
    const stranger = await createAccount(request, { firstName: 'Peter', lastName: 'Ouma', roles: ['Buyer'] });
    const conversation = await call<{ id: string }>(request, buyer, 'POST', '/v1/conversations', { sellerId: shop.sellerId });

    const sellerPage = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
    await signIn(sellerPage, shop.account);
    await sellerPage.goto(`/messages/${conversation.id}`);
    await expect(sellerPage.getByRole('textbox', { name: 'Message' })).toBeVisible();

    await signIn(page, buyer);
    await page.goto(`/messages/${conversation.id}`);
    await page.getByLabel('Attach photo').setInputFiles({ name: 'sukuma.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('message').last().getByTestId('message-thumbnail')).toBeVisible();

    // The stream brings it to the seller; the thumbnail opens the full size.
    const thumbnail = sellerPage.getByTestId('message').last().getByTestId('message-thumbnail');
    await expect(thumbnail).toBeVisible({ timeout: 5_000 });
    await sellerPage.getByRole('button', { name: 'Open photo' }).last().click();
    const dialog = sellerPage.getByRole('dialog', { name: 'Photo' });
    await expect(dialog.getByRole('img')).toBeVisible();
    expect(await sellerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

    // Members-only bytes: the stranger's token gets a 404.
    const page1 = await call<{ items: Array<{ photos: string[] }> }>(
      request,
      buyer,
      'GET',
      `/v1/conversations/${conversation.id}/messages`,
    );
    const url = page1.items.at(-1)!.photos[0]!;
    const refused = await request.get(url, { headers: { authorization: `Bearer ${stranger.accessToken}` } });
    expect(refused.status()).toBe(404);
  });

  test('a farm member posts in the farm chat and another member sees it', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const owner = await createAccount(request, { firstName: 'Wanjiru', lastName: 'Kariuki', roles: ['Farmer'] });
    const member = await createAccount(request, { firstName: 'Kamau', lastName: 'Njoroge', roles: ['Farmer'] });
    const farmName = `Chat Farm ${stamp}`;
    const farm = await call<{ id: string }>(request, owner, 'POST', '/v1/farms', {
      name: farmName,
      location: 'Nakuru',
      totalSize: 20,
      owner: 'Wanjiru Kariuki',
    });
    await call(request, owner, 'POST', `/v1/farms/${farm.id}/users`, {
      name: 'Kamau Njoroge',
      email: member.email,
      phone: '+254 700 000 000',
      role: 'Field Supervisor',
    });

    const memberPage = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
    await signIn(memberPage, member);
    await memberPage.goto(`/messages/farm/${farm.id}`);
    await expect(memberPage.getByRole('heading', { level: 1, name: farmName })).toBeVisible();

    await signIn(page, owner);
    await page.goto(`/farms/${farm.id}`);
    await page.getByRole('link', { name: 'Farm chat' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/farm/${farm.id}$`));
    await page.getByRole('textbox', { name: 'Message' }).fill('Spray block 2 tomorrow at 7');
    await page.getByRole('button', { name: 'Send' }).click();

    await expect(memberPage.getByTestId('message').last()).toContainText('Spray block 2 tomorrow at 7', { timeout: 5_000 });
    await expect(memberPage.getByTestId('message').last()).toContainText('Wanjiru');
  });

  test("a buyer reports a conversation and it reaches the Admin's Reports page", async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const shop = await newSeller(request, `Report Shop ${stamp}`, 'Nakuru');
    const buyer = await createAccount(request, { firstName: 'Halima', lastName: 'Abdi', roles: ['Buyer'] });
    const conversation = await call<{ id: string }>(request, buyer, 'POST', '/v1/conversations', { sellerId: shop.sellerId });
    await call(request, shop.account, 'POST', `/v1/conversations/${conversation.id}/messages`, {
      text: `Pay me on another number ${stamp}`,
    });

    await signIn(page, buyer);
    await page.goto(`/messages/${conversation.id}`);
    await expect(page.getByTestId('message').last()).toContainText(`Pay me on another number ${stamp}`);
    await page.getByText('Report this conversation').click();
    await page.getByLabel('Reason').selectOption('fraud');
    await page.getByLabel('What happened').fill('Asked to pay outside the app');
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('status')).toContainText('Report sent');

    const adminPage = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
    await signIn(adminPage, await loginAccount(request, DEMO.email, DEMO.password));
    await adminPage.goto('/admin/message-reports');
    const card = adminPage.getByRole('article', { name: shop.name }).filter({ hasText: `Pay me on another number ${stamp}` });
    await expect(card).toContainText('Fraud');
    await expect(card).toContainText('Asked to pay outside the app');
    await card.getByLabel('What was done').fill('Seller warned');
    await card.getByRole('button', { name: 'Resolve' }).click();
    await expect(card).toHaveCount(0);
  });
});
