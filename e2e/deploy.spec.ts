import { expect, test } from '@playwright/test';
import { buildRequiring, changedBuild, liveVersion, runDeployCommand } from './support/stack';

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
