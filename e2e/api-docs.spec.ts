import path from 'node:path';
import { expect, test } from '@playwright/test';

// The API reference is served by the API itself (port 4000), not by the front ends.
const API = 'http://localhost:4000';

test('the API reference at /v1/docs renders the OpenAPI document from our own files only', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (r) => {
    if (!r.url().startsWith(`${API}/`) && !r.url().startsWith('data:')) problems.push(`request to another origin: ${r.url()}`);
  });

  const response = await page.goto(`${API}/v1/docs`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Swagger UI lays out the whole document before its title shows: 10-14 s on a busy 2-core CI machine.
  await expect(page.getByRole('heading', { name: /ShambaSoko core API/ })).toBeVisible({ timeout: 30_000 });
  // Every module's tag is listed (folded); one opens on a tap.
  for (const tag of ['Identity', 'Market catalog', 'Market cart', 'Farm', 'My data', 'Payments'])
    await expect(page.locator('.opblock-tag', { hasText: tag }).first()).toBeVisible();
  await page.locator('.opblock-tag', { hasText: 'Market catalog' }).first().click();
  await page.locator('.opblock-tag', { hasText: 'Market cart' }).first().click();

  // One public operation, tried for real: its answer comes back in the envelope.
  const featured = page.locator('[id$="-getV1ProductsFeatured"]');
  await featured.locator('.opblock-summary').click();
  await featured.getByRole('button', { name: 'Try it out' }).click();
  await featured.getByRole('button', { name: 'Execute' }).click();
  await expect(featured.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(featured.locator('.live-responses-table')).toContainText('"isSuccess": true');
  // A signed-in route shows its lock.
  await expect(page.locator('[id$="-getV1Cart"] .authorization__btn')).toBeVisible();

  await page.screenshot({ path: path.join(test.info().outputDir, 'api-docs.png'), fullPage: false });
  await featured.screenshot({ path: path.join(test.info().outputDir, 'api-docs-featured.png') });
  expect(problems).toEqual([]);
});
