/** @jest-environment node */
import { importChain } from '@shambasoko/shared/testing';

// Every farm page loads this remote's routes module first: only a visit that starts at the dashboard
// primes its figures, from its own chunk (routes.tsx), so the other pages leave that code out.
const dashboardChain = (entry: string) => importChain(__dirname, entry, (_specifier, file) => Boolean(file?.includes('/pages/dashboard/')));

test("the routes module loads none of the dashboard's priming code", () => {
  expect(dashboardChain('routes.tsx')).toBeNull();
});

test('the check sees it where a module does load it', () => {
  expect(dashboardChain('pages/dashboard/dashboard-page.tsx')).not.toBeNull();
});
