/** What other pages may put in navigation state for the auth pages. */
export interface AuthLocationState {
  /** Where the visitor was going when the shell's guard sent them to sign in. */
  from?: string;
  /** An e-mail to prefill (the account chooser, get-started). */
  email?: string;
}

const ORIGIN = 'https://shambasoko.invalid';

/**
 * A path on this site to go back to, or undefined: "//host", "/\host", absolute URLs and control
 * characters could send a freshly signed-in visitor to another origin (an open redirect).
 */
export function safeReturnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return undefined;
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  try {
    const url = new URL(raw, ORIGIN);
    return url.origin === ORIGIN ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

export function readAuthState(state: unknown): AuthLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const { from, email } = state as Record<string, unknown>;
  return {
    from: safeReturnPath(from),
    email: typeof email === 'string' ? email : undefined,
  };
}

/** Where to go back to: the guard's state, else `?returnTo=` (which survives a reload or a shared link). */
function returnTarget(location: { state: unknown; search: string }): string | undefined {
  return readAuthState(location.state).from ?? safeReturnPath(new URLSearchParams(location.search).get('returnTo'));
}

/** After signing in: back where the visitor was going, else the dashboard. */
export const afterSignIn = (location: { state: unknown; search: string }): string => returnTarget(location) ?? '/dashboard';
