import { expect, test, type Page } from '@playwright/test';
import { MAIZE } from './support/market';
import { list, newSeller } from './support/sellers';

// Issue 42: a farmer searching the market in Kiswahili from the header's search box on a phone finds
// what the seeded catalog sells under English names, and a seller's Kiswahili title names its card.

test.use({ viewport: { width: 412, height: 915 } });

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Tafuta bidhaa' });
const card = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

async function search(page: Page, words: string) {
  await searchBox(page).fill(words);
  await expect(page).toHaveURL(new RegExp(`q=${words.split(' ').join('(\\+|%20)')}(&|$)`));
  // Leaving the box closes its suggestions (issue 43), which would cover the cards.
  await searchBox(page).blur();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  // A reader who chose Kiswahili, as the language switcher leaves it.
  await page.goto('/market');
  await page.evaluate(() => localStorage.setItem('shambasoko.locale', 'sw'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(searchBox(page)).toBeVisible();
});

test('Kiswahili words find fertiliser, seed, maize and pesticide', async ({ page }) => {
  await search(page, 'mbolea');
  await expect(card(page, 'DAP Fertiliser 50 kg')).toBeVisible();
  await expect(card(page, 'CAN Fertiliser 50 kg')).toBeVisible();

  await search(page, 'mbegu');
  await expect(card(page, MAIZE)).toBeVisible();
  await expect(card(page, 'Bean Seed Rosecoco (GLP-2), 2 kg')).toBeVisible();

  await search(page, 'mahindi');
  await expect(card(page, MAIZE)).toBeVisible();
  await expect(card(page, 'Dry Maize Grain, 90 kg Bag')).toBeVisible();

  await search(page, 'mbegu za mahindi');
  await expect(page.getByRole('article').first()).toHaveAccessibleName(/maize seed/i);

  await search(page, 'dawa ya wadudu');
  await expect(card(page, 'Lambda-Cyhalothrin 5% EC Insecticide, 1 L')).toBeVisible();

  // A typo of a Kiswahili word still finds it.
  await search(page, 'mbolae');
  await expect(card(page, 'DAP Fertiliser 50 kg')).toBeVisible();
});

test('a listing with a Kiswahili title is found by it and named by it', async ({ page, request }) => {
  const shop = await newSeller(request, 'Asali ya Baringo', 'Baringo');
  await list(request, shop, {
    title: 'Pure Baringo Honey, 1 kg Jar',
    titleSw: 'Asali safi ya Baringo, chupa ya kilo 1',
    category: 'crops',
    unit: 'piece',
    price: 900,
    stock: 30,
  });

  await search(page, 'asali safi');
  await expect(card(page, 'Asali safi ya Baringo, chupa ya kilo 1')).toBeVisible();
  await expect(card(page, 'Pure Baringo Honey, 1 kg Jar')).toHaveCount(0);

  // An English search finds it too, and to this reader it still reads in Kiswahili, its own name under the title.
  await search(page, 'honey');
  await expect(card(page, 'Asali safi ya Baringo, chupa ya kilo 1')).toBeVisible();
  await card(page, 'Asali safi ya Baringo, chupa ya kilo 1').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asali safi ya Baringo, chupa ya kilo 1' })).toBeVisible();
  await expect(page.getByText('Pure Baringo Honey, 1 kg Jar', { exact: true })).toBeVisible();
});
