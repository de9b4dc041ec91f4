import { useLocation } from 'react-router-dom';
import { isSignedIn, useSession } from '@shambasoko/shared';
import { FrameSkeleton, PageSkeleton } from '@shambasoko/shared/ui';
import { useEffect, type ReactNode } from 'react';
import type { RemoteMount } from '@shambasoko/contracts';
import { wantOffline } from '../lib/offline-wanted';
import { lastKnownMount, matchMount } from '../features/remotes/manifest';
import { RemoteArea, RemoteFallback } from './remote-area';
import { useRetry } from '../features/remotes/use-retry';
import { useEffectiveRemotes, useRemotes } from '../features/remotes/remotes-provider';
import { RequireSession, useIdentityKeeper } from './require-session';
import { NotFoundPage, RoleUnavailablePage, SwitchedOffPage } from '../pages/rare-pages';
import { InFrame } from './server-data';
import { shapeAt } from './loading-shape';
import { useT } from '../lib/i18n';

/** The registry did not answer the page's first read: it is read again with backoff, and on Retry at once. */
function ManifestUnavailable() {
  const t = useT();
  const { recheck } = useRemotes();
  const { retryNow } = useRetry(true, recheck);
  return (
    <main role="alert" className="mx-auto my-16 max-w-md p-6 text-center">
      <h1 className="text-xl font-semibold">{t('manifest.title')}</h1>
      <p className="mt-2 text-stone-600">{t('manifest.text')}</p>
      <p className="mt-2 text-stone-600">{t('manifest.retrying')}</p>
      <button
        type="button"
        onClick={retryNow}
        className="mt-4 min-h-10 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t('manifest.retry')}
      </button>
    </main>
  );
}

// Public remotes whose pages bring no header of their own (auth and market draw theirs).
const FRAMED_PUBLIC = new Set(['legal']);
/**
 * What fills the frame while a remote loads: the content's shape (shapeAt), inside the frame the
 * remote will sit in, or in a header of that shape for a remote that draws its own.
 */
function loadingFor(mount: RemoteMount, remote: string, pathname: string): ReactNode {
  const shape = shapeAt(pathname);
  return mount.layout === 'dashboard' || FRAMED_PUBLIC.has(remote) ? <PageSkeleton shape={shape} /> : <FrameSkeleton shape={shape} />;
}

/**
 * Before the manifest arrives, the last one this browser saw picks the frame (a guess only: nothing
 * is loaded from it), so a slow start still paints the header and sidebar first.
 */
function ManifestLoading({ pathname }: { pathname: string }) {
  const signedIn = useSession(isSignedIn);
  const mount = lastKnownMount(pathname);
  if (!mount) return <FrameSkeleton />;
  const loading = loadingFor(mount, mount.remote, pathname);
  if (mount.layout === 'dashboard')
    return signedIn ? (
      <InFrame kind="dashboard" loading={<FrameSkeleton shape={shapeAt(pathname)} />}>
        {loading}
      </InFrame>
    ) : (
      <FrameSkeleton />
    );
  return FRAMED_PUBLIC.has(mount.remote) ? (
    <InFrame kind="public" loading={<FrameSkeleton />}>
      {loading}
    </InFrame>
  ) : (
    loading
  );
}

function InLayout({ mount, remote, children }: { mount: RemoteMount; remote: string; children: ReactNode }) {
  const { pathname } = useLocation();
  // A page that works offline brings the offline support (the top bar's corner starts it).
  const offline = mount.offline === true;
  useEffect(() => {
    if (offline) wantOffline();
  }, [offline]);
  if (mount.layout === 'dashboard')
    return (
      <RequireSession>
        <InFrame kind="dashboard" loading={<FrameSkeleton shape={shapeAt(pathname)} />}>
          {children}
        </InFrame>
      </RequireSession>
    );
  return FRAMED_PUBLIC.has(remote) ? (
    <InFrame kind="public" loading={<FrameSkeleton />}>
      {children}
    </InFrame>
  ) : (
    children
  );
}

/**
 * A path whose remote this browser has seen but the manifest no longer names (not registered yet
 * at start-up, or its build gone during a deploy): the manifest is read again with backoff, and the
 * route renders as soon as the remote is back.
 */
function MissingRemote({ remote }: { remote: string }) {
  const { recheck } = useRemotes();
  const { retryNow } = useRetry(true, recheck);
  return <RemoteFallback remote={remote} onRetry={retryNow} retrying />;
}

/** Tries before a path no remote claims settles as not found (1 + 2 + 4 + 8 + 16 + 30 s: a start-up's late remotes). */
const UNKNOWN_PATH_TRIES = 6;

/** No remote claims the path: most likely a wrong address, but a remote may be about to be registered. */
function NotFoundYet() {
  const { recheck } = useRemotes();
  useRetry(true, recheck, { limit: UNKNOWN_PATH_TRIES });
  return (
    <InFrame kind="public" loading={<FrameSkeleton />}>
      <NotFoundPage />
    </InFrame>
  );
}

/** Every path but the landing page: finds the remote that owns it and renders it in its layout. */
export function RemoteDispatcher() {
  const { pathname } = useLocation();
  const { state, recheck, release } = useRemotes();
  const remotes = useEffectiveRemotes();
  useIdentityKeeper();

  if (state.status === 'error') return <ManifestUnavailable />;
  if (state.status === 'loading' || !remotes) return <ManifestLoading pathname={pathname} />;
  const match = matchMount(remotes, pathname);
  if (match.kind === 'none') {
    const former = lastKnownMount(pathname);
    if (former && !remotes.some((r) => r.name === former.remote))
      return (
        <InLayout mount={former} remote={former.remote}>
          <MissingRemote remote={former.remote} />
        </InLayout>
      );
    return <NotFoundYet key={pathname} />;
  }
  return (
    <InLayout mount={match.mount} remote={match.remote.name}>
      {match.kind === 'hidden' ? (
        <RoleUnavailablePage roles={match.remote.roles} />
      ) : match.kind === 'off' ? (
        <SwitchedOffPage />
      ) : (
        <RemoteArea
          key={`${match.remote.name}:${match.remote.entry}`}
          remote={match.remote}
          loading={loadingFor(match.mount, match.remote.name, pathname)}
          recheck={async () => {
            const manifest = await recheck();
            // After the new manifest is in: the builds are chosen again from it, not from the old one.
            release(match.remote);
            return manifest;
          }}
        />
      )}
    </InLayout>
  );
}
