import { useLocation } from 'react-router-dom';
import { PageSpinner } from '@shambasoko/shared';
import { DashboardLayout } from '../layout/dashboard-layout';
import { PublicFrame } from '../layout/public-frame';
import type { ReactNode } from 'react';
import type { RemoteMount } from '@shambasoko/shared';
import { matchMount } from '../remotes/manifest';
import { RemoteArea } from '../remotes/remote-area';
import { useEffectiveRemotes, useRemotes } from '../remotes/remotes-provider';
import { NotFoundPage } from '../pages/not-found-page';
import { RequireSession, useIdentityKeeper } from './require-session';
import { RoleUnavailablePage, SwitchedOffPage } from './unavailable-pages';

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

// Public remotes whose pages bring no header of their own (auth and market draw theirs).
const FRAMED_PUBLIC = new Set(['legal']);

function InLayout({ mount, remote, children }: { mount: RemoteMount; remote: string; children: ReactNode }) {
  if (mount.layout === 'dashboard')
    return (
      <RequireSession>
        <DashboardLayout>{children}</DashboardLayout>
      </RequireSession>
    );
  return FRAMED_PUBLIC.has(remote) ? <PublicFrame>{children}</PublicFrame> : children;
}

/** Every path but the landing page: finds the remote that owns it and renders it in its layout. */
export function RemoteDispatcher() {
  const { pathname } = useLocation();
  const { state, reload } = useRemotes();
  const remotes = useEffectiveRemotes();
  useIdentityKeeper();

  if (state.status === 'loading' || !remotes) return state.status === 'error' ? <ManifestUnavailable onRetry={reload} /> : <PageSpinner />;
  const match = matchMount(remotes, pathname);
  if (match.kind === 'none')
    return (
      <PublicFrame>
        <NotFoundPage />
      </PublicFrame>
    );
  return (
    <InLayout mount={match.mount} remote={match.remote.name}>
      {match.kind === 'hidden' ? (
        <RoleUnavailablePage roles={match.remote.roles} />
      ) : match.kind === 'off' ? (
        <SwitchedOffPage />
      ) : (
        <RemoteArea key={`${match.remote.name}:${match.remote.entry}`} remote={match.remote} />
      )}
    </InLayout>
  );
}
