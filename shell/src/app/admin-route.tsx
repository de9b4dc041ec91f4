import { lazy, Suspense } from 'react';
import { PageSpinner } from '@shambasoko/shared';
import { FrameSkeleton } from '@shambasoko/shared/ui';
import { RequireSession, useIdentityKeeper } from './require-session';
import { InFrame } from './server-data';

// Its own chunk: only an Admin opening the console downloads it.
const AdminRemotesPage = lazy(() => import('../features/admin/admin-remotes-page'));

/** /admin/remotes: the console inside the dashboard layout, for signed-in accounts. */
export function AdminRemotesRoute() {
  useIdentityKeeper();
  return (
    <RequireSession>
      <InFrame kind="dashboard" loading={<FrameSkeleton />}>
        <Suspense fallback={<PageSpinner />}>
          <AdminRemotesPage />
        </Suspense>
      </InFrame>
    </RequireSession>
  );
}
