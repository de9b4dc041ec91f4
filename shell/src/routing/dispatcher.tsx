import { useLocation } from 'react-router-dom';
import { PageSpinner, useSession } from '@shambasoko/shared';
import { DashboardLayout } from '../layout/dashboard-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { matchMount } from '../remotes/manifest';
import { RemoteArea } from '../remotes/remote-area';
import { useRemotes } from '../remotes/remotes-provider';
import { RequireSession, useIdentityKeeper } from './require-session';

function ManifestUnavailable({ onRetry }: { onRetry(): void }) {
  return (
    <main role="alert" className="mx-auto my-16 max-w-md p-6 text-center">
      <h1 className="text-xl font-semibold">ShambaSoko could not start this page</h1>
      <p className="mt-2 text-stone-600">We could not reach our servers. Check your connection and try again.</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 min-h-10 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
      >
        Retry
      </button>
    </main>
  );
}

/** Every path but the landing page: finds the remote that owns it and renders it in its layout. */
export function RemoteDispatcher() {
  const { pathname } = useLocation();
  const { state, reload } = useRemotes();
  const role = useSession((s) => s.role);
  useIdentityKeeper();

  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'error') return <ManifestUnavailable onRetry={reload} />;
  const match = matchMount(state.manifest, pathname, role);
  if (match.kind !== 'remote') {
    return match.kind === 'hidden' && match.mount.layout === 'dashboard' ? (
      <RequireSession>
        <DashboardLayout>
          <NotFoundPage />
        </DashboardLayout>
      </RequireSession>
    ) : (
      <NotFoundPage />
    );
  }
  const area = <RemoteArea key={match.remote.name} remote={match.remote} />;
  return match.mount.layout === 'dashboard' ? (
    <RequireSession>
      <DashboardLayout>{area}</DashboardLayout>
    </RequireSession>
  ) : (
    area
  );
}
