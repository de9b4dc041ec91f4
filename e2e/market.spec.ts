import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { CONFIRMATION_URL, MAIZE, fillShipping, openProduct, payByBankTransfer } from './support/market';

const cartBadge = (page: Page) => page.getByTestId('cart-link');

test.describe('marketplace', () => {
  test('a first visit asks for the first row’s photos with the page, and the cards show those very files', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    // The server reads the featured answer once, waiting a moment at most: the stack's very first page may go without.
    await expect.poll(async () => (await (await page.request.get('/market')).text()).includes('as="image"')).toBe(true);
    await page.goto('/market');
    const preloads = await page.locator('link[rel="preload"][as="image"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(preloads).toHaveLength(2);
    const photos = page.getByRole('region', { name: 'Featured Products' }).locator('img');
    await expect(photos.first()).toBeVisible();
    const shown = () => photos.evaluateAll((imgs) => imgs.slice(0, 2).map((img) => (img as HTMLImageElement).currentSrc));
    await expect.poll(async () => (await shown()).every(Boolean)).toBe(true);
    const shownPaths = (await shown()).map((src) => new URL(src).pathname);
    expect(shownPaths).toEqual(preloads);
    // Fetched for the page's head (a <link>), not after the code has run and rendered the cards.
    const fetchedBy = await page.evaluate(
      (paths) =>
        paths.map(
          (p) =>
            (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => new URL(e.name).pathname === p)
              ?.initiatorType,
        ),
      preloads as string[],
    );
    expect(fetchedBy).toEqual(['link', 'link']);
    await page.screenshot({ path: 'e2e/screenshots/market-first-row.png' });
  });

  test('search tolerates a typo, filters and the view live in the URL', async ({ page }) => {
    await page.goto('/market');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured Products' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Search products' }).fill('maiz');
    await expect(page).toHaveURL(/q=maiz/);
    // Leaving the box closes its suggestions (issue 43), which would cover the tabs.
    await page.getByRole('combobox', { name: 'Search products' }).blur();
    // The featured block (which also lists maize seed) leaves once the search results are shown.
    await expect(page.getByRole('region', { name: 'Featured Products' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: MAIZE, exact: true })).toBeVisible();
    await expect(page.getByTestId('result-count')).toContainText(/\d+ products? found/);

    await page.getByRole('tab', { name: /Equipment/ }).click();
    await expect(page).toHaveURL(/category=equipment/);
    await expect(page.getByRole('link', { name: MAIZE, exact: true })).toHaveCount(0);
    await page.getByRole('tab', { name: /Crops & Produce/ }).click();
    await expect(page.getByRole('link', { name: MAIZE, exact: true })).toBeVisible();

    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByLabel('Max price (Ksh)').fill('600');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/maxPrice=600/);
    await expect(page.getByRole('link', { name: MAIZE, exact: true })).toHaveCount(0);
    await page.getByLabel('Max price (Ksh)').fill('');
    await page.getByLabel('In stock only').check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/inStock=true/);
    const sorted = page.waitForResponse(
      (r) => r.url().includes('/v1/products?') && r.url().includes('sort=price_asc') && r.url().includes('inStock=true'),
    );
    await page.getByLabel(/Sort by/).selectOption('price_asc');
    await expect(page).toHaveURL(/inStock=true/);
    await expect(page).toHaveURL(/sort=price_asc/);
    await sorted;
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const count = await page.getByTestId('result-count').textContent();

    // The same link reproduces the same view.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveValue('maiz');
    await expect(page.getByRole('tab', { name: /Crops & Produce/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('result-count')).toHaveText(count ?? '');

    await page.getByRole('combobox', { name: 'Search products' }).fill('zzzqqqxx');
    await expect(page.getByText('No products found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
  });

  test('a repeat visit shows the market this phone saw last at once, then the server’s answer', async ({ page }) => {
    const featured = page.getByRole('region', { name: 'Featured Products' }).getByRole('heading', { level: 3 });
    await page.goto('/market');
    await expect(featured.first()).toBeVisible();
    const firstName = (await featured.first().textContent()) ?? '';
    expect(firstName).not.toBe('');

    // The next visit, on a link where the server's catalog answers are slow to come.
    let release: () => void = () => undefined;
    const serverSlow = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/v1\/products\/featured$/, async (route) => {
      await serverSlow;
      const answer = await route.fetch();
      const body = (await answer.json()) as { body: Array<{ name: string }> };
      body.body[0]!.name = `${body.body[0]!.name} (fresh)`;
      await route.fulfill({ response: answer, json: body });
    });
    await page.reload();
    // What the phone kept is on screen while the server has not answered.
    await expect(featured.first()).toHaveText(firstName);
    await expect(page.getByTestId('product-grid-skeleton')).toHaveCount(0);
    // The page asks again once its first screen is up, and the server's answer replaces it.
    release();
    await expect(featured.first()).toHaveText(`${firstName} (fresh)`);
  });

  test('product page → Add to Cart → checkout with a validation error fixed → order placed → listed in /orders', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signIn(page, account);
    await openProduct(page, 'maiz', MAIZE);

    await page.getByRole('tab', { name: 'Specifications' }).click();
    await expect(page.getByRole('tabpanel')).not.toBeEmpty();
    const contact = page.getByRole('group', { name: 'Contact Seller' });
    await expect(contact.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+254\d{9}$/);
    await expect(contact.getByRole('link', { name: /^Send an SMS/ })).toHaveAttribute('href', /^sms:\+254\d{9}\?body=/);
    await expect(contact.getByRole('link', { name: /^WhatsApp / })).toHaveAttribute('href', /^https:\/\/wa\.me\/254\d{9}\?text=/);

    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartBadge(page)).toHaveAccessibleName('Cart, 2 items');
    // A new buyer has no county yet: the cart asks for it rather than guess a fee, then shows the seller's.
    await expect(page.getByTestId('order-summary')).toContainText('Depends on your county');
    await expect(page.getByTestId('order-total')).toHaveText(/1,300/); // before delivery
    await page.getByLabel('Deliver to county').selectOption('Nakuru');
    await expect(page.getByTestId('delivery-per-seller')).toContainText('Ksh 350');
    await expect(page.getByTestId('order-total')).toHaveText(/1,650/); // 2 × 650 + 350, the same county as the seller

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await fillShipping(page, '12345');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Enter a Kenyan phone number such as 0712 345 678')).toBeVisible();
    await page.getByLabel(/^Phone/).fill('0712 345 678');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payByBankTransfer(page);
    await page.getByRole('button', { name: 'Review Order' }).click();
    await expect(page.getByText('Pay using your order number as the reference')).toBeVisible();
    await page.getByRole('button', { name: 'Place Order · Ksh 1,650' }).click();

    await expect(page.getByText('Order placed successfully!')).toBeVisible();
    await expect(page).toHaveURL(CONFIRMATION_URL);
    await expect(page.getByTestId('bank-details')).toContainText(/SS-\d+/);
    await page.goto('/market');
    await expect(cartBadge(page)).toHaveAccessibleName('Cart, 0 items');

    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: /SS-\d+/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('2 items');
    await expect(row).toContainText('Pending payment');
    await row.getByRole('link').click();
    await expect(page.getByText(MAIZE)).toBeVisible();
    await expect(page.getByTestId('order-payment')).toContainText(/Bank transfer · reference SS-\d+/);
  });

  test('a guest cart survives signing in and is merged into the account', async ({ page, request }) => {
    await openProduct(page, 'maiz', MAIZE);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartBadge(page)).toHaveAccessibleName('Cart, 1 item');

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in/);

    const account: TestAccount = await createAccount(request);
    await signIn(page, account);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: MAIZE }).first()).toBeVisible();
    await expect(cartBadge(page)).toHaveAccessibleName('Cart, 1 item');
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('guestCart') ?? '{}')?.state?.items?.length ?? 0)).toBe(0);

    const server = await request.get('/v1/cart', { headers: { authorization: `Bearer ${account.accessToken}` } });
    const { body } = (await server.json()) as { body: { itemCount: number } };
    expect(body.itemCount).toBe(1);
  });

  test('Buy Now checks out only that item and leaves the cart alone', async ({ page, request }) => {
    const account = await createAccount(request);
    await signIn(page, account);
    await openProduct(page, 'maiz', MAIZE);
    const itemId = new URL(page.url()).searchParams.get('itemId');

    // Something else already waits in the cart.
    await page.goto('/market?q=avocado');
    await page
      .getByRole('button', { name: /Add to Cart/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/cart$/);

    await page.goto(`/market/item?itemId=${itemId}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?buyNow=${itemId}&quantity=1`));
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByRole('listitem')).toHaveCount(1);
    await expect(summary).toContainText(MAIZE);
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('radio', { name: /Bank Transfer/ }).check();
    await page.getByRole('button', { name: 'Review Order' }).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order placed successfully!')).toBeVisible();
    await page.goto('/market');
    await expect(cartBadge(page)).toHaveAccessibleName('Cart, 1 item');

    await page.goto('/orders');
    await expect(page.getByRole('row').filter({ hasText: /SS-\d+/ })).toContainText('1 item');
  });
});
