import { type Browser, type Page, expect, test } from '@playwright/test';
import { DEMO, type TestAccount, createAccount, loginAccount, signIn } from './support/auth';
import { call } from './support/sellers';

// Issue 41: an Admin announces to Farmers in Nakuru; a Nakuru farmer reads it on /announcements and
// behind the bell, a Mombasa farmer sees neither. A person's county is their farm's (or shop's).

const API = 'http://localhost:3000';
const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE });

async function farmerIn(request: Parameters<typeof createAccount>[0], firstName: string, county: string): Promise<TestAccount> {
  const farmer = await createAccount(request, { firstName, lastName: 'Mkulima', roles: ['Farmer'] });
  await call(request, farmer, 'POST', `${API}/v1/farms`, {
    name: `${firstName} Shamba ${Date.now().toString(36)}`,
    county,
    location: 'Kijiji',
    totalSize: 2,
    owner: `${firstName} Mkulima`,
  });
  return farmer;
}

async function phoneOf(browser: Browser, account: TestAccount): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(page, account);
  return page;
}

test('an Admin tells Farmers in Nakuru; a Nakuru farmer reads it in the list and behind the bell, a Mombasa farmer does not', async ({
  page,
  browser,
  request,
}) => {
  const nakuru = await farmerIn(request, 'Wanjiru', 'Nakuru');
  const mombasa = await farmerIn(request, 'Hamisi', 'Mombasa');
  const title = `Certified seed at Njoro ${Date.now().toString(36)}`;

  // The Admin writes it from Communication › Announcements.
  await signIn(page, await loginAccount(request, DEMO.email, DEMO.password));
  await page.goto('/announcements');
  const form = page.getByRole('form', { name: 'New announcement' });
  await form.getByLabel('Title (English)').fill(title);
  await form.getByLabel('Message (English)').fill('Bring your farm card to the Njoro depot on Friday.');
  await form.getByLabel('Title (Kiswahili)').fill(`Mbegu bora Njoro ${title.split(' ').pop()}`);
  await form.getByLabel('Message (Kiswahili)').fill('Leta kadi yako ya shamba kwenye ghala la Njoro Ijumaa.');
  await form.getByRole('checkbox', { name: 'Farmers' }).check();
  await form.getByLabel(/^Counties/).selectOption(['Nakuru']);
  await form.getByRole('button', { name: 'Send announcement' }).click();
  await expect(form.getByRole('status')).toHaveText('Announcement published.');
  const sent = page.getByRole('list', { name: 'Sent and scheduled' }).getByRole('listitem').filter({ hasText: title });
  await expect(sent).toContainText('Published');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The Nakuru farmer: on the page, and behind the bell once delivery has reached them.
  const wanjiru = await phoneOf(browser, nakuru);
  await wanjiru.goto('/announcements');
  await expect(wanjiru.getByRole('list', { name: 'For you' })).toContainText(title);
  await expect(wanjiru.getByRole('list', { name: 'For you' })).toContainText('Bring your farm card to the Njoro depot on Friday.');
  await expect(async () => {
    await wanjiru.goto('/dashboard');
    await wanjiru.getByRole('button', { name: /^Notifications/ }).click();
    await expect(wanjiru.getByRole('region', { name: 'Notifications' })).toContainText(title, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  // The Mombasa farmer: neither.
  const hamisi = await phoneOf(browser, mombasa);
  await hamisi.goto('/announcements');
  await expect(hamisi.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await expect(hamisi.getByText('No announcements yet').or(hamisi.getByRole('list', { name: 'For you' }))).toBeVisible();
  await expect(hamisi.getByText(title)).toHaveCount(0);
  await hamisi.goto('/dashboard');
  await hamisi.getByRole('button', { name: /^Notifications/ }).click();
  await expect(hamisi.getByRole('region', { name: 'Notifications' })).toBeVisible();
  await expect(hamisi.getByRole('region', { name: 'Notifications' })).not.toContainText(title);
});
