import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';

test('pages send a Content-Security-Policy of our own origins and nothing on them violates it', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) violations.push(m.text());
  });
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain('http://localhost:3002');
  expect(csp).not.toMatch(/\*(?!\.)|unsafe-eval/);
  expect(csp).toContain('https://apis.google.com');
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response?.headers()['permissions-policy']).toContain('camera=()');
  const api = await request.get('/v1/config');
  expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api.headers()['permissions-policy']).toContain('camera=()');
  await expect(page.locator('#contact')).toBeVisible();

  await signIn(page, await createAccount(request));
  for (const path of ['/market', '/auth/sign-in', '/legal/terms-of-use', '/dashboard', '/farms']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
  expect(violations).toEqual([]);
});

test('no source maps are shipped', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = /src="([^"]+\.js)"/.exec(html)?.[1] ?? '';
  const js = await (await request.get(script)).text();
  expect(js).not.toContain('sourceMappingURL');
  expect((await request.get(`${script}.map`)).status()).toBe(404);
});
