import { expect, test } from '@playwright/test';
import { rolloutBucket } from '@shambasoko/contracts';
import { createAccount, signIn, type TestAccount } from './support/auth';
import { buildRequiring, changedBuild, liveVersion, registryAdmin, runDeployCommand } from './support/stack';

const SUBTITLE = 'Seeds, inputs, equipment and services from sellers across Kenya.';
const CHANGED = 'Deployed without a shell rebuild: seeds, inputs and more.';

test.describe('independent deploys', () => {
  test('a deployed market shows on the next load, an open page keeps working, and rollback brings the old one back', async ({
    page,
    context,
  }) => {
    await page.goto('/market');
    await expect(page.getByText(SUBTITLE)).toBeVisible();
    const before = await liveVersion('market');

    const started = Date.now();
    const deployed = await runDeployCommand(['market', '--from', changedBuild('mfe-market', SUBTITLE, CHANGED)]);
    expect(deployed.code, deployed.output).toBe(0);
    const version = await liveVersion('market');
    expect(version).not.toBe(before);
    console.log(`deploy --from → live in ${(Date.now() - started) / 1000} s`);

    // The page opened before the deploy keeps its version and can still load its other pages' chunks.
    await page.getByRole('link', { name: /cart/i }).first().click();
    await expect(page).toHaveURL(/\/cart/);
    await expect(page.getByText('This section is unavailable right now')).toHaveCount(0);

    const fresh = await context.newPage();
    await fresh.goto('/market');
    await expect(fresh.getByText(CHANGED)).toBeVisible();

    const rolledBack = await runDeployCommand(['--rollback', 'market']);
    expect(rolledBack.code, rolledBack.output).toBe(0);
    expect(await liveVersion('market')).toBe(before);
    await fresh.goto('/market');
    await expect(fresh.getByText(SUBTITLE)).toBeVisible();
  });

  test('a deploy requiring a React the shell does not provide is refused with the reason; the live version stays', async () => {
    const before = await liveVersion('market');
    const refused = await runDeployCommand(['market', '--from', buildRequiring('mfe-market', '^99.0.0')]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/react \^99\.0\.0/);
    expect(await liveVersion('market')).toBe(before);
  });
});

test('a staged rollout at 50% of Farmers serves the same accounts the new version on every load, and the rest the old one', async ({
  browser,
  request,
}) => {
  const STAGED = 'Staged for some farmers: seeds, inputs and more.';
  const staged = await runDeployCommand(['market', '--no-live', '--from', changedBuild('mfe-market', SUBTITLE, STAGED)]);
  expect(staged.code, staged.output).toBe(0);
  const overview = (await registryAdmin(request, 'GET', '/v1/admin/remotes')) as {
    remotes: Array<{ name: string; live: string; versions: Array<{ version: string }> }>;
  };
  const market = overview.remotes.find((r) => r.name === 'market')!;
  const version = market.versions.find((v) => v.version !== market.live)!.version;
  await registryAdmin(request, 'PUT', '/v1/admin/remotes/market/rollout', { version, role: 'Farmer', percent: 50 });
  try {
    // Farmers until two fall inside the 50 % and two outside (the bucket is a hash of the account id).
    const inside: TestAccount[] = [];
    const outside: TestAccount[] = [];
    while (inside.length < 2 || outside.length < 2) {
      const farmer = await createAccount(request, { firstName: 'Wairimu', lastName: 'Njoroge' });
      (rolloutBucket(farmer.userId, 'market') < 50 ? inside : outside).push(farmer);
    }
    for (const [accounts, shown, notShown] of [
      [inside, STAGED, SUBTITLE],
      [outside, SUBTITLE, STAGED],
    ] as const) {
      for (const account of accounts.slice(0, 2)) {
        const page = await (await browser.newContext()).newPage();
        await signIn(page, account);
        for (let load = 0; load < 2; load++) {
          await page.goto('/market');
          await expect(page.getByText(shown)).toBeVisible();
          await expect(page.getByText(notShown)).toHaveCount(0);
        }
        await page.context().close();
      }
    }
  } finally {
    await registryAdmin(request, 'DELETE', '/v1/admin/remotes/market/rollout');
  }
});
