import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';
import { placeOrder } from './support/orders';

test('placing an order raises the bell count; opening the list marks it read', async ({ page, request }) => {
  const account = await createAccount(request, { firstName: 'Otieno', lastName: 'Ouma' });
  const products = await (await request.get('/v1/products?category=supplies&inStock=true&pageSize=1')).json();
  const productId: string = products.body.items[0].id;

  const placed = await placeOrder(request, account, [{ productId, quantity: 1 }], { county: 'Nairobi' });

  await signIn(page, account);
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(page.getByTestId('notifications-badge')).toHaveText('1');
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel).toContainText(placed.number);
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await panel.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/orders/${placed.id}$`));

  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
});
