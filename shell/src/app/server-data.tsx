import { createContext, useContext, type ReactNode } from 'react';
import { matchRoutes } from 'react-router-dom';
import type { RemoteRoutes, RouteHandle } from '@shambasoko/shared';
import { later } from '../lib/later';

/**
 * The page's server-data cache (TanStack Query and the shell's query client), the signed-in
 * controls that read it and the shell's two frames (dashboard layout, public frame: both show the
 * cart and the bell), loaded with the first page that needs them: sign-in and the other pages whose
 * routes say they read no server data never download the query library. One chunk, not two: split,
 * the controls both need were built into each.
 */
export const serverDataCode = later(() => import('./frames'));

const Inside = createContext(false);

/** `children` inside the page's query cache; `fallback` while its code loads. Nested uses add nothing. */
export function ServerData({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const inside = useContext(Inside);
  if (inside) return children;
  return <Provided fallback={fallback}>{children}</Provided>;
}

function Provided({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const code = serverDataCode.use();
  if (!code) return fallback;
  return (
    <code.ServerDataProvider>
      <Inside.Provider value>{children}</Inside.Provider>
    </code.ServerDataProvider>
  );
}

/**
 * One of the shell's frames around `children`, inside the page's query cache (both frames show the
 * cart and, signed in, the bell). Their code loads with the first page that sits in one; until it
 * is here, `loading` (the frame's shape) shows.
 */
export function InFrame({ kind, loading, children }: { kind: 'dashboard' | 'public'; loading: ReactNode; children: ReactNode }) {
  const code = serverDataCode.use();
  if (!code) return loading;
  return (
    <ServerData fallback={loading}>
      <code.Frame kind={kind}>{children}</code.Frame>
    </ServerData>
  );
}

/** Whether the routes a remote renders at `pathname` read server data: all do unless each matched handle says otherwise. */
export function needsServerData(routes: RemoteRoutes, pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  if (!matches?.length) return true;
  return !matches.every(({ route }) => (route.handle as Partial<RouteHandle> | undefined)?.serverData === false);
}
