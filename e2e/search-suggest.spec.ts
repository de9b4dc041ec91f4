import { expect, test } from '@playwright/test';

// Issue 43: on a phone, the header search suggests as you type. "mah" offers maize (the Kiswahili
// "mahindi" and its English words) and maize listings; picking the kind lands on its results.

test.use({ viewport: { width: 412, height: 915 } });

test('typing "mah" in the header search suggests maize; picking it shows the maize results', async ({ page }) => {
  await page.goto('/market');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await expect(box).toBeVisible();

  await box.pressSequentially('mah', { delay: 50 });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list).toBeVisible();
  const kind = list.getByRole('option', { name: /mahindi · maize · corn/ });
  await expect(kind).toBeVisible();
  // Listings named with those words, labelled as products.
  await expect(list.getByRole('option', { name: /(maize|mahindi|bean).*Product$/i }).first()).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  // The keyboard reaches it too: the first option is the kind.
  await box.press('ArrowDown');
  await expect(kind).toHaveAttribute('aria-selected', 'true');
  await kind.click();

  await expect(list).toHaveCount(0);
  await expect(page).toHaveURL(/\/market\?q=mahindi(&|$)/);
  await expect(box).toHaveValue('mahindi');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dry Maize Grain, 90 kg Bag', exact: true })).toBeVisible();
  await expect(page.getByTestId('result-count')).toContainText(/\d+ products? found/);
});

test('a picked listing opens its page; one letter suggests nothing', async ({ page }) => {
  await page.goto('/market');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.pressSequentially('m');
  // Nothing is asked under two characters, so no list can come.
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);

  await box.pressSequentially('aize grain', { delay: 30 });
  const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /Dry Maize Grain, 90 kg Bag/ });
  await option.click();
  await expect(page).toHaveURL(/\/market\/item\?itemId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dry Maize Grain, 90 kg Bag' })).toBeVisible();
});
