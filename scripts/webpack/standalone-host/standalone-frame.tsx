import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, Link, useLocation, useRoutes } from 'react-router-dom';
import { RemoteScope, restoreSession, startTokenKeeper, useSession, type RemoteRoutes } from '@shambasoko/shared';
import { createQueryClient } from '@shambasoko/shared/query';
import { deployedVersion, routePaths } from './route-paths';

interface FrameProps {
  name: string;
  version: string;
  /** The standalone page's own path (e.g. /standalone.html or /v/<version>/standalone.html). */
  home: string;
  routes: RemoteRoutes;
  error: string | null;
}

function RouteList({ routes, home }: Pick<FrameProps, 'routes' | 'home'>) {
  return (
    <nav aria-label="Routes of this remote" className="p-6">
      <h2 className="mb-2 text-lg font-semibold">Routes</h2>
      <ul className="list-disc space-y-1 pl-6">
        {routePaths(routes).map(({ path, openable }) => (
          <li key={path}>
            {openable ? (
              <Link className="text-green-700 underline" to={path} state={{ from: home }}>
                {path}
              </Link>
            ) : (
              <span className="text-stone-500">{path} (opened from another page)</span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Pages({ name, routes, home }: Pick<FrameProps, 'name' | 'routes' | 'home'>) {
  const { pathname } = useLocation();
  const page = useRoutes(routes);
  if (pathname === home || !page) return <RouteList routes={routes} home={home} />;
  return <RemoteScope name={name}>{page}</RemoteScope>;
}

/** A plain frame around one remote's pages: its name and version, its routes, the providers they need. */
export function StandaloneFrame({ name, version, home, routes, error }: FrameProps) {
  const [client] = useState(createQueryClient);
  const email = useSession((s) => s.user?.email ?? null);
  useEffect(() => {
    // As the shell does once per page: keep the access token fresh and restore the session
    // through the refresh cookie (sent to this server's /v1 proxy).
    startTokenKeeper();
    void restoreSession();
  }, []);
  const deployed = deployedVersion(home);
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <header className="flex flex-wrap items-center gap-4 border-b border-stone-200 bg-white px-6 py-3">
          {/* Not a heading: the remote's pages have their own h1. */}
          <p className="text-base font-semibold" data-testid="standalone-title">
            {name} standalone · v{version}
            {deployed ? ` · deploy ${deployed}` : ''}
          </p>
          <Link className="text-green-700 underline" to={home}>
            Routes
          </Link>
          <span className="ml-auto text-sm text-stone-600">{email ? `Signed in as ${email}` : 'Not signed in'}</span>
        </header>
        <main>
          {error ? (
            <p role="alert" className="p-6 text-red-700">
              {name}/routes could not be loaded: {error}
            </p>
          ) : (
            <Pages name={name} routes={routes} home={home} />
          )}
        </main>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
