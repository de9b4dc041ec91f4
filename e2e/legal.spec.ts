import { expect, test } from '@playwright/test';

const PAGES: Array<{ path: string; title: RegExp; sections: number; links: string[]; hasBackAndSignIn: boolean }> = [
  { path: '/legal/privacy-policy', title: /Privacy Policy/, sections: 8, links: ['/legal/cookie-policy'], hasBackAndSignIn: false },
  { path: '/legal/terms-of-use', title: /Terms of Use/, sections: 12, links: ['/legal/privacy-policy'], hasBackAndSignIn: false },
  { path: '/legal/cookie-policy', title: /Cookie Policy/, sections: 7, links: [], hasBackAndSignIn: true },
  { path: '/legal/data-policy', title: /Data Policy/, sections: 10, links: [], hasBackAndSignIn: true },
];

for (const p of PAGES) {
  test(`${p.path}: sections, table of contents, date and links`, async ({ page }) => {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
    await expect(page.getByText('Last updated January 15, 2025')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /^\d+\./ })).toHaveCount(p.sections);
    const toc = page.getByRole('navigation', { name: /table of contents/i });
    await expect(toc.getByRole('link')).toHaveCount(p.sections);
    // A table-of-contents link scrolls to its section.
    const second = toc.getByRole('link').nth(1);
    const target = (await second.getAttribute('href')) ?? '';
    await second.click();
    await expect(page.locator(target)).toBeInViewport();
    for (const href of p.links) await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    const text = (await page.locator('main').innerText()).toLowerCase();
    expect(text).not.toContain('nigeria');
    expect(text).not.toContain('naira');
    if (p.hasBackAndSignIn) {
      // The frame's header and the page's own navigation both offer Sign In.
      for (const nav of [page.getByTestId('frame-header'), page.getByRole('navigation', { name: 'Page' })])
        await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/get-started');
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    }
  });
}

test('the cookie policy lists each cookie with its duration', async ({ page }) => {
  await page.goto('/legal/cookie-policy');
  const table = page.getByRole('table').first();
  await expect(table).toContainText(/session/i);
  await expect(table).toContainText('1 year');
  await expect(table).toContainText('2 years');
});
