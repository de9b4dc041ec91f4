import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import type { RemoteDescriptor } from '@shambasoko/contracts';
import { PageSpinner, RemoteScope, type RemoteRoutes } from '@shambasoko/shared';
import { usePublishPageMeta } from '../lib/page-meta';
import { NotFoundPage } from '../pages/not-found-page';
import { loadRemoteRoutes } from '../features/remotes/load-remote-routes';
import { useT } from '../lib/i18n';
import { needsServerData, ServerData } from './server-data';

const SECTIONS = ['auth', 'market', 'farm', 'legal'] as const;
const isSection = (remote: string): remote is (typeof SECTIONS)[number] => (SECTIONS as readonly string[]).includes(remote);

function RemoteFallback({ remote, onRetry }: { remote: string; onRetry(): void }) {
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

/**
 * Loads one remote's routes when its area is first shown (showing `loading` meanwhile, inside the
 * caller's frame); a failure stays inside this area. The caller keys it by entry: a refreshed manifest with the same build must not reload the area.
 */
export function RemoteArea({ remote: given, loading = <PageSpinner /> }: { remote: RemoteDescriptor; loading?: ReactNode }) {
  const [remote] = useState(given);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    loadRemoteRoutes(remote, attempt).then(
      (routes) => live && setLoaded({ status: 'ready', routes }),
      () => live && setLoaded({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [remote, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (loaded.status === 'loading') return loading;
  if (loaded.status === 'failed') return <RemoteFallback remote={remote.name} onRetry={retry} />;
  return (
    <RemoteErrorBoundary
      key={attempt}
      fallback={(reset) => (
        <RemoteFallback
          remote={remote.name}
          onRetry={() => {
            reset();
            retry();
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
