import { restoreSession, useSession } from '@shambasoko/shared';
import { prime } from '@shambasoko/shared/primed';
import { myActivitiesQuery } from '../../features/activities/api/get-my-activities';
import { dashboardQuery } from '../../features/dashboard/api/get-dashboard';
import { myFarmsQuery } from '../../lib/use-farm-roles';

/** Primes a query with its own fetch (the dashboard's take no arguments from the query context). */
const primeQuery = (query: { queryKey: readonly unknown[]; queryFn?: unknown }) =>
  prime(query.queryKey, () => (query.queryFn as () => Promise<unknown>)());

/**
 * A visit that starts at /dashboard: its requests go out as soon as the core session is restored,
 * rather than once the shell's layout and the page have rendered. Nothing is asked without a session.
 */
export function primeDashboard(): void {
  void restoreSession().then(() => {
    if (!useSession.getState().accessToken) return;
    // The queries the dashboard asks for in its first render (dashboard-page.tsx).
    primeQuery(dashboardQuery());
    primeQuery(myFarmsQuery());
    primeQuery(myActivitiesQuery());
  });
}
