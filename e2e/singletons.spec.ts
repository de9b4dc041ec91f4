import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';

test('the shell and remotes share one React, router, zustand and shared package', async ({ page, request }) => {
  await signIn(page, await createAccount(request, { roles: ['Farmer', 'Supplier'] }));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-role')).toContainText('your other roles: Supplier');

  // A value the shell writes to the session store (its role switcher) is seen by the farm remote: on a
  // page that is no home the switcher stays put, and the farm dashboard then sends a Supplier to /seller.
  await page.goto('/farms');
  await page.getByRole('combobox', { name: 'Role' }).selectOption('Supplier');
  await expect(page).toHaveURL(/\/farms$/);
  await page.evaluate(() => {
    window.history.pushState({}, '', '/dashboard');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/seller$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Overview' })).toBeVisible();

  // Every shared singleton was loaded exactly once, from one provider.
  const loaded = await page.evaluate(() => {
    const share = (
      window as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    // Each app's federation instance points at the same share scope: count distinct providers.
    const result: Record<string, Set<string>> = {};
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, info] of Object.entries(versions)) {
            if (info.loaded) (result[name] ??= new Set()).add(`${version} from ${info.from}`);
          }
        }
      }
    }
    return Object.fromEntries(Object.entries(result).map(([name, providers]) => [name, [...providers]]));
  });
  for (const name of ['react', 'react-dom', 'react-router-dom', 'zustand', '@shambasoko/shared']) {
    expect(loaded[name], name).toHaveLength(1);
  }
});
