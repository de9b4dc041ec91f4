// When to refresh the core API access token and how long to wait after a failed attempt.
// Pure functions plus a small timer-driven scheduler, so the timing is testable with fake timers.

/** Refresh this long before the access token expires. */
const REFRESH_AHEAD_MS = 5 * 60_000;
/** A token is counted expired this long before its real expiry (clock skew, request time). */
const EXPIRY_SKEW_MS = 30_000;
/** First wait after a network failure; doubles on each further failure up to the cap. */
const BACKOFF_START_MS = 30_000;
export const BACKOFF_CAP_MS = 960_000;

/** True when the token should no longer be sent: within 30 s of its expiry, or past it. */
export function isTokenExpired(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs - EXPIRY_SKEW_MS;
}

/** Milliseconds from now until the scheduled refresh (never negative: an overdue refresh runs at once). */
export function refreshDelay(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, expiresAtMs - REFRESH_AHEAD_MS - nowMs);
}

/** The wait before the next retry: 30 s after the first failure, then doubling, capped at 960 s. */
export function nextBackoff(previousMs: number | null): number {
  if (previousMs === null) return BACKOFF_START_MS;
  return Math.min(previousMs * 2, BACKOFF_CAP_MS);
}

/** What one refresh attempt came to. */
export type RefreshOutcome = 'refreshed' | 'network-error' | 'rejected' | 'skipped';

export interface RefreshSchedulerOptions {
  /** The stored access token's expiry in epoch ms, or null when signed out. */
  expiresAt(): number | null;
  refresh(): Promise<RefreshOutcome>;
  now?: () => number;
}

export interface RefreshScheduler {
  /** (Re)plans the next refresh from the stored expiry; call after sign-in or a token change. */
  schedule(): void;
  stop(): void;
  /** The pending timer's delay, for tests and diagnostics. */
  readonly pendingDelay: number | null;
}

/**
 * Keeps one timer: a refresh 5 minutes before expiry; after a network failure, retries with backoff;
 * after a rejection (the sign-in was revoked) it stops until schedule() is called again.
 */
export function createRefreshScheduler({ expiresAt, refresh, now = Date.now }: RefreshSchedulerOptions): RefreshScheduler {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pendingDelay: number | null = null;
  let backoff: number | null = null;

  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pendingDelay = null;
  };

  const arm = (delay: number) => {
    clear();
    pendingDelay = delay;
    timer = setTimeout(() => {
      timer = null;
      pendingDelay = null;
      void run();
    }, delay);
  };

  async function run() {
    let outcome: RefreshOutcome;
    try {
      outcome = await refresh();
    } catch {
      outcome = 'network-error';
    }
    if (outcome === 'network-error') {
      backoff = nextBackoff(backoff);
      arm(backoff);
      return;
    }
    backoff = null;
    if (outcome === 'rejected') {
      clear();
      return;
    }
    plan();
  }

  function plan() {
    const expiry = expiresAt();
    if (expiry === null) {
      clear();
      return;
    }
    arm(refreshDelay(expiry, now()));
  }

  return {
    schedule() {
      backoff = null;
      plan();
    },
    stop() {
      backoff = null;
      clear();
    },
    get pendingDelay() {
      return pendingDelay;
    },
  };
}
