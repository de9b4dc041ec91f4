import { afterLargestPaint, hasSavedData, holdFirstScreen, restoreSession, useSession } from '@shambasoko/shared';
import { prime } from '@shambasoko/shared/primed';
import { myActivitiesQuery } from '../../features/activities/api/get-my-activities';
import { dashboardQuery } from '../../features/dashboard/api/get-dashboard';
import { myFarmsQuery } from '../../lib/use-farm-roles';

/** Primes a query with its own fetch (the dashboard's take no arguments from the query context). */
const primeQuery = (query: { queryKey: readonly unknown[]; queryFn?: unknown }) =>
  prime(query.queryKey, () => (query.queryFn as () => Promise<unknown>)());

let onScreen: (() => void) | null = null;

/** After the browser has painted what was just rendered (the frame after this one has started). */
const afterPaint = (then: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(then, 0)) : setTimeout(then, 0);

/** How long after the figures are rendered their paint report is waited for (they may not be the largest paint). */
const FIGURES_PAINT_WAIT_MS = 400;

/**
 * Said by the dashboard once its figures (or its error) are rendered: the visit's first screen is up
 * when the browser reports them painted (a largest paint presented after they were rendered, which
 * can come a frame or two after the next animation frame), and what waits for it (the counts on the
 * cart and the bell, the refresh of saved data) starts then, not while the page's own data and code
 * are still on their way. In a browser without those reports, from the next frame.
 */
export function dashboardOnScreen(): void {
  const done = onScreen;
  onScreen = null;
  if (!done) return;
  const rendered = performance.now();
  void afterLargestPaint({ since: rendered, buffered: true, limitMs: FIGURES_PAINT_WAIT_MS, withoutReportsMs: 0 }).then(() =>
    afterPaint(done),
  );
}

/**
 * A visit that starts at /dashboard. Its first screen is the dashboard's figures. When this device
 * keeps the account's farm data, the page shows it at once (its code loads with the restore:
 * lib/saved-first.ts) and asks again once it is up; otherwise its requests go out as soon as the core session
 * is restored, rather than once the shell's layout and the page have rendered. Nothing is asked
 * without a session.
 */
export function primeDashboard(): void {
  holdFirstScreen(new Promise<void>((resolve) => (onScreen = resolve)));
  const uid = useSession.getState().user?.uid;
  if (uid !== undefined && hasSavedData(uid)) return;
  void restoreSession().then(() => {
    if (!useSession.getState().accessToken) return;
    // The queries the dashboard asks for in its first render (dashboard-page.tsx).
    primeQuery(dashboardQuery());
    primeQuery(myFarmsQuery());
    primeQuery(myActivitiesQuery());
  });
}
