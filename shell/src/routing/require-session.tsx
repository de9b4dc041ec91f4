import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isSignedIn, PageSpinner, restoreSession, startTokenKeeper, useSession } from '@shambasoko/shared';

let started = false;

/**
 * Starts the token keeper and restores a core session the provider still holds, once per page and
 * after first paint, so neither delays what the visitor sees (the provider SDK is fetched only if a
 * session may exist).
 */
export function useIdentityKeeper(): void {
  useEffect(() => {
    if (started) return;
    started = true;
    const run = () => {
      startTokenKeeper();
      void restoreSession();
    };
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
  }, []);
}

/**
 * Dashboard routes need a session: a signed-out visitor goes to sign-in, carrying where they were
 * going in `state.from` so sign-in can bring them back. If the provider may still hold the user
 * (a user is stored but no tokens), the core session is restored first.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const signedIn = useSession(isSignedIn);
  const maybeProviderSession = useSession((s) => s.user !== null && s.accessToken === null);
  const [restoring, setRestoring] = useState(() => !signedIn && maybeProviderSession);

  useEffect(() => {
    if (!restoring) return;
    let live = true;
    void restoreSession().finally(() => {
      if (live) setRestoring(false);
    });
    return () => {
      live = false;
    };
  }, [restoring]);

  if (signedIn) return children;
  if (restoring) return <PageSpinner />;
  return <Navigate to="/auth/sign-in" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
}
