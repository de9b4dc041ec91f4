import { expect, type Page } from '@playwright/test';

// The seeded catalog (core-api/seed/market) has this maize seed in stock at Ksh 650.
export const MAIZE = 'Certified Maize Seed H614D, 2 kg';

export async function openProduct(page: Page, query: string, name: string) {
  await page.goto(`/market?q=${encodeURIComponent(query)}`);
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

export async function fillShipping(page: Page, phone = '0712 345 678') {
  // The page prefills the phone from the profile once it has answered; typing in that same moment
  // can land after the prefill (the field then holds both), so type until the field holds just ours.
  const field = page.getByLabel(/^Phone/);
  await expect(async () => {
    await field.fill(phone);
    await expect(field).toHaveValue(phone, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.getByLabel(/^Landmark or directions/).fill('Opposite Kenol petrol station');
  await page.getByLabel(/^Nearest town/).fill('Nakuru');
  await page.getByLabel(/^County/).selectOption('Nakuru');
}

/** Bank transfer needs no payments sandbox: the order waits for the seller or an Admin to mark it paid. */
export async function payByBankTransfer(page: Page) {
  await page.getByRole('radio', { name: /Bank Transfer/ }).check();
  await expect(page.getByText('How bank transfer works')).toBeVisible();
}

/** Where Place Order lands for M-Pesa and bank transfer. */
export const CONFIRMATION_URL = /\/orders\/[^/]+\/confirmation$/;
