/** What other pages may put in navigation state for the auth pages. */
export interface AuthLocationState {
  /** Where the visitor was going when the shell's guard sent them to sign in. */
  from?: string;
  /** An e-mail to prefill (the account chooser, get-started). */
  email?: string;
}

export function readAuthState(state: unknown): AuthLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const { from, email } = state as Record<string, unknown>;
  return {
    from: typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined,
    email: typeof email === 'string' ? email : undefined,
  };
}

/** After signing in: back where the visitor was going, else the dashboard. */
export const afterSignIn = (state: unknown): string => readAuthState(state).from ?? '/dashboard';
