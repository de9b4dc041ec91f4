import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { matchRoutes } from 'react-router-dom';
import type { RemoteRoutes, RouteHandle } from '@shambasoko/shared';
import { later } from '../lib/later';

/**
 * The page's server-data cache (TanStack Query and the shell's query client) and the signed-in
 * controls that read it (the bell, the account menu), loaded with the first page that needs them:
 * sign-in and the other pages whose routes say they read no server data never download the query
 * library. One chunk, not two: split, the controls were built into each of their users.
 */
export const serverDataCode = later(() => import('./frames'));

type FrameModule = { Frame: ComponentType<{ children: ReactNode }> };

/**
 * The shell's two frames, each its own chunk, loaded with the first page that sits in it: the
 * dashboard layout (header, sidebar, role switcher) and the public frame (legal pages, the 404). The
 * market's pages, which read server data in a header of their own, load neither (issue 43).
 */
export const frameCode = {
  dashboard: later<FrameModule>(() => import('../layout/dashboard-layout').then((m) => ({ Frame: m.DashboardLayout }))),
  public: later<FrameModule>(() => import('../layout/public-frame').then((m) => ({ Frame: m.PublicFrame }))),
};

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

type FrameProps = { kind: 'dashboard' | 'public'; loading: ReactNode; children: ReactNode };

/**
 * One of the shell's frames around `children`, inside the page's query cache (both frames show the
 * cart and, signed in, the bell). The cache's code and the frame's load with the first page that sits
 * in one; until both are here, `loading` (the frame's shape) shows.
 */
export function InFrame({ kind, loading, children }: FrameProps) {
  // Keyed: a page moving to the other frame takes that frame's code, not the state of this one's.
  return (
    <FrameOf key={kind} kind={kind} loading={loading}>
      {children}
    </FrameOf>
  );
}

function FrameOf({ kind, loading, children }: FrameProps) {
  const code = serverDataCode.use();
  const frame = frameCode[kind].use();
  if (!code || !frame) return loading;
  return (
    <ServerData fallback={loading}>
      <frame.Frame>{children}</frame.Frame>
    </ServerData>
  );
}

/** Whether the routes a remote renders at `pathname` read server data: all do unless each matched handle says otherwise. */
export function needsServerData(routes: RemoteRoutes, pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  if (!matches?.length) return true;
  return !matches.every(({ route }) => (route.handle as Partial<RouteHandle> | undefined)?.serverData === false);
}
