import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isSignedIn, restoreSession, startTokenKeeper, useSession } from '@shambasoko/shared';

let started = false;

/**
 * Starts the token keeper and restores the core session through the refresh cookie (a reload keeps
 * no token), once per page and after first paint; an API call that comes first restores it itself.
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
 * going in `state.from` so sign-in can bring them back. A stored user counts as signed in: after a
 * reload the page's first API call gets a new access token through the refresh cookie, and a refused
 * refresh clears the user, which lands here again and redirects.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const signedIn = useSession(isSignedIn);
  const roleless = useSession((s) => s.user?.roles?.length === 0);
  const from = `${location.pathname}${location.search}${location.hash}`;
  // An account that holds no role chooses its roles before it enters (never a default Farmer).
  if (signedIn && roleless) return <Navigate to={`/auth/choose-roles?returnTo=${encodeURIComponent(from)}`} replace state={{ from }} />;
  if (signedIn) return children;
  // Also in the address, so a reload of the sign-in page still knows where to go back.
  return <Navigate to={`/auth/sign-in?returnTo=${encodeURIComponent(from)}`} replace state={{ from }} />;
}
