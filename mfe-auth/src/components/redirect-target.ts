import type { AppRole } from '@shambasoko/contracts';
import { homePathFor, useSession } from '@shambasoko/shared';

/** What other pages may put in navigation state for the auth pages. */
export interface AuthLocationState {
  /** Where the visitor was going when the shell's guard sent them to sign in. */
  from?: string;
  /** An e-mail to prefill (the account chooser, get-started). */
  email?: string;
}

const ORIGIN = 'https://shambasoko.invalid';
/** Backslashes (browsers read them as slashes) and control characters. */
const UNSAFE = /[\\\u0000-\u001f\u007f]/;
/** How many layers of %-encoding are looked through: more is no path a person shares. */
const DECODE_ROUNDS = 3;

/** True when the path, read as a browser would (dots resolved), stays a path on this site. */
function staysHere(path: string): boolean {
  if (path.startsWith('//') || UNSAFE.test(path)) return false;
  try {
    const url = new URL(path, ORIGIN);
    return url.origin === ORIGIN && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/**
 * A path on this site to go back to, or undefined: "//host", "/\host", "/..//host", absolute URLs and
 * control characters could send a freshly signed-in visitor to another origin (an open redirect). The
 * path is also checked as the router, or any later decode, may read it: with its %-escapes decoded
 * ("/%2F%2Fhost", "/%5Chost", twice-encoded too); a malformed escape is refused.
 */
export function safeReturnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !raw.startsWith('/') || !staysHere(raw)) return undefined;
  const url = new URL(raw, ORIGIN);
  let path = url.pathname;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (!staysHere(path)) return undefined;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // Malformed as given is refused; a "%" that only appears once decoded is a literal one.
      if (round === 0) return undefined;
      break;
    }
    if (decoded === path) break;
    if (round === DECODE_ROUNDS) return undefined;
    path = decoded;
  }
  return `${url.pathname}${url.search}${url.hash}`;
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

/**
 * After signing in: back where the visitor was going, else the home of the role the sign-in opened
 * with (the sign-in has set it in the session by the time this is asked).
 */
export const afterSignIn = (location: { state: unknown; search: string }, role: AppRole = useSession.getState().role): string =>
  returnTarget(location) ?? homePathFor(role);
