import { lazy, Suspense } from 'react';
import { PageSpinner } from '@shambasoko/shared';
import { FrameSkeleton } from '@shambasoko/shared/ui';
import type { ManagementPage } from '../features/management/titled';
import { RequireSession, useIdentityKeeper } from './require-session';
import { InFrame } from './server-data';

// Its own chunk, with the pages' words: only an Admin opening Management downloads them.
const Titled = lazy(() => import('../features/management/titled'));

/** /admin, /admin/accounts, /admin/products, /admin/reconciliation, /admin/disputes inside the dashboard layout; the API refuses anyone but an Admin. */
export function ManagementRoute({ page }: { page: ManagementPage }) {
  useIdentityKeeper();
  return (
    <RequireSession>
      <InFrame kind="dashboard" loading={<FrameSkeleton />}>
        <Suspense fallback={<PageSpinner />}>
          <Titled page={page} />
        </Suspense>
      </InFrame>
    </RequireSession>
  );
}
