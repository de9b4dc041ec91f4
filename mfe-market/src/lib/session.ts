import { isSignedIn, useSession } from '@shambasoko/shared';

/** The signed-in user's id for cache keys, or null for a guest. */
export function useShopper(): { signedIn: boolean; userKey: string | null } {
  const signedIn = useSession(isSignedIn);
  const uid = useSession((s) => s.user?.uid ?? s.userId ?? null);
  return { signedIn, userKey: signedIn ? (uid ?? 'me') : null };
}

/** Where the sign-in page sends the user back to afterwards; both a query and navigation state, since either may be read. */
export function signInPath(returnTo: string): string {
  return `/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`;
}
