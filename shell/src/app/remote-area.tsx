import { Component, useEffect, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import type { RemoteDescriptor, RemotesManifest } from '@shambasoko/contracts';
import { PageSpinner, RemoteScope, type RemoteRoutes } from '@shambasoko/shared';
import { usePublishPageMeta } from '../lib/page-meta';
import { NotFoundPage } from '../pages/rare-pages';
import { loadRemoteRoutes } from '../features/remotes/load-remote-routes';
import { useRetry } from '../features/remotes/use-retry';
import { useT } from '../lib/i18n';
import { needsServerData, ServerData } from './server-data';

const SECTIONS = ['auth', 'market', 'farm', 'legal'] as const;
const isSection = (remote: string): remote is (typeof SECTIONS)[number] => (SECTIONS as readonly string[]).includes(remote);

/**
 * A remote's area when the remote cannot be shown. `retrying`: the page keeps trying on its own (the
 * remote is missing from the registry or its code did not load) and says so; Retry tries at once.
 */
export function RemoteFallback({ remote, onRetry, retrying = false }: { remote: string; onRetry(): void; retrying?: boolean }) {
  const t = useT();
  const section = isSection(remote) ? t(`remote.section.${remote}`) : remote;
  return (
    <section
      role="alert"
      aria-live="assertive"
      className="mx-auto my-10 max-w-md rounded-xl border border-amber-200 bg-amber-50 p-6 text-center"
    >
      <h2 className="text-lg font-semibold text-stone-900">{t('remote.title')}</h2>
      <p className="mt-2 text-sm text-stone-700">{t('remote.text', { section })}</p>
      {retrying && <p className="mt-2 text-sm text-stone-700">{t('remote.retrying')}</p>}
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t('remote.retry')}
      </button>
    </section>
  );
}

class RemoteErrorBoundary extends Component<{ fallback(reset: () => void): ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A remote section crashed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

function RemoteRoutesView({ routes }: { routes: RemoteRoutes }) {
  // The matched routes' handles title the page (the shell holds no list of a remote's pages).
  usePublishPageMeta(routes);
  return useRoutes(routes) ?? <NotFoundPage />;
}

/** The remote's page, inside the query cache unless its routes read no server data (see server-data.tsx). */
function RemotePage({ routes, loading }: { routes: RemoteRoutes; loading: ReactNode }) {
  const { pathname } = useLocation();
  const view = <RemoteRoutesView routes={routes} />;
  return needsServerData(routes, pathname) ? <ServerData fallback={loading}>{view}</ServerData> : view;
}

type Loaded = { status: 'loading' } | { status: 'ready'; routes: RemoteRoutes } | { status: 'failed' };

/** Whether a manifest still names this build of the remote (live or staged): if not, retrying it is moot. */
const stillServes = (manifest: RemotesManifest, remote: RemoteDescriptor) =>
  manifest.remotes.some((r) => r.name === remote.name && (r.entry === remote.entry || r.rollout?.entry === remote.entry));

/**
 * Loads one remote's routes when its area is first shown (showing `loading` meanwhile, inside the
 * caller's frame); a failure stays inside this area. The caller keys it by entry: a refreshed manifest with the same build must not reload the area.
 *
 * A remote that does not load (not served yet at start-up, down during a deploy) is tried again with
 * backoff (use-retry.ts) after `recheck` reads the manifest again: the area shows the remote as soon as
 * it answers, and a manifest that moved the remote to another build makes the caller key a new area.
 */
export function RemoteArea({
  remote: given,
  loading = <PageSpinner />,
  recheck,
}: {
  remote: RemoteDescriptor;
  loading?: ReactNode;
  recheck?: () => Promise<RemotesManifest>;
}) {
  const [remote] = useState(given);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // Keys the error boundary: each successful reload starts it clean.
  const [generation, setGeneration] = useState(0);
  const attempts = useRef(0);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    loadRemoteRoutes(remote, 0).then(
      (routes) => live.current && setLoaded({ status: 'ready', routes }),
      () => live.current && setLoaded({ status: 'failed' }),
    );
    return () => {
      live.current = false;
    };
  }, [remote]);

  // Rejects when the remote still does not load; the notice stays up meanwhile (no skeleton flashing).
  const reloadRoutes = async () => {
    attempts.current += 1;
    const routes = await loadRemoteRoutes(remote, attempts.current);
    if (!live.current) return;
    setGeneration((g) => g + 1);
    setLoaded({ status: 'ready', routes });
  };
  const { retryNow } = useRetry(loaded.status === 'failed', async () => {
    const manifest = recheck ? await recheck().catch(() => null) : null;
    if (manifest && !stillServes(manifest, remote)) return;
    await reloadRoutes();
  });

  if (loaded.status === 'loading') return loading;
  if (loaded.status === 'failed') return <RemoteFallback remote={remote.name} onRetry={retryNow} retrying />;
  return (
    <RemoteErrorBoundary
      key={generation}
      fallback={() => (
        <RemoteFallback
          remote={remote.name}
          onRetry={() => {
            // A crash, not an absence: tried again on request only, with the remote's entry loaded afresh.
            setLoaded({ status: 'loading' });
            reloadRoutes().catch(() => live.current && setLoaded({ status: 'failed' }));
          }}
        />
      )}
    >
      <RemoteScope name={remote.name}>
        <RemotePage routes={loaded.routes} loading={loading} />
      </RemoteScope>
    </RemoteErrorBoundary>
  );
}
