import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';

test('the shell and remotes share one React, router, zustand and shared package', async ({ page, request }) => {
  await signIn(page, await createAccount(request, { roles: ['Farmer', 'Supplier'] }));
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-role')).toContainText('Farmer view');

  // A value the shell writes to the session store (its role switcher) is seen by the farm remote.
  await page.getByRole('combobox', { name: 'Role' }).selectOption('Supplier');
  await expect(page.getByTestId('dashboard-role')).toContainText('Supplier view');

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
