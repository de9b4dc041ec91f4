// Keeps the core API session alive: refreshes the access token ahead of expiry and on a 407.
import { ApiError, api, retryAfterOf, setTokenRefresher } from '../api/client';
import { REFRESH_LOCK, REFRESH_PATH } from '../api/early';
import { useSession } from '../session/store';
import { createRefreshScheduler, type RefreshOutcome, type RefreshScheduler } from './token-timing';
import type { AppRole } from '@shambasoko/contracts/role-values';
import type { AuthTokens } from '@shambasoko/contracts/identity';

/** The `exp` claim of a JWT in epoch seconds, when the token carries one (older sessions stored no expiry). */
export function jwtExpiry(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** The stored access token's expiry in epoch ms, or null when signed out. */
function accessTokenExpiryMs(): number | null {
  const { accessToken, expiresAt } = useSession.getState();
  if (!accessToken) return null;
  const seconds = expiresAt ?? jwtExpiry(accessToken);
  return seconds === null ? null : seconds * 1000;
}

/**
 * The refresh token is an HttpOnly cookie (Path=/v1/auth) the browser sends by itself; no bearer
 * either: after another tab signed in again, the cookie belongs to a newer sign-in than our token.
 * A sign-in that completes while the refresh is on its way (the page's start-up restore races the
 * sign-in form) wins: the refresh's answer, a refusal or older tokens, is then about a session the
 * page no longer holds, and must neither sign the new one out nor overwrite its tokens.
 */
async function refreshNow(): Promise<{ outcome: RefreshOutcome; waitMs?: number }> {
  const startedWith = useSession.getState().accessToken;
  const superseded = () => useSession.getState().accessToken !== startedWith;
  try {
    const body = await api.post<{ auth: AuthTokens; roles?: AppRole[] }>(REFRESH_PATH, undefined, { auth: false });
    if (superseded()) return { outcome: 'refreshed' };
    useSession.getState().setTokens(body.auth);
    // Roles granted or removed elsewhere (an Admin, another tab's Profile Settings) show up here.
    if (body.roles) useSession.getState().setRoles(body.roles);
    return { outcome: 'refreshed' };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 400)) {
      if (superseded()) return { outcome: 'refreshed' };
      // The sign-in was revoked (or the refresh token reused): nothing left to refresh with.
      console.warn('Session refresh refused; signing out locally.', error.message);
      useSession.getState().clearSession();
      return { outcome: 'rejected' };
    }
    // Too many refreshes of this sign-in for now: it is still valid, so wait as told and ask again.
    if (error instanceof ApiError && error.status === 429) {
      return { outcome: 'network-error', waitMs: Math.min(retryAfterOf(error) ?? RATE_LIMITED_WAIT_MS, MAX_RATE_LIMITED_WAIT_MS) };
    }
    return { outcome: 'network-error' }; // offline or 5xx: the scheduler tries again with backoff
  }
}

/** A 429 without Retry-After waits this long; a longer Retry-After is left to the scheduler's backoff. */
const RATE_LIMITED_WAIT_MS = 60_000;
const MAX_RATE_LIMITED_WAIT_MS = 120_000;
/** Refresh attempts one call makes while the server answers 429, each after its Retry-After. */
const RATE_LIMITED_TRIES = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One refresh under the cross-tab lock; a 429 is waited out (outside the lock) and tried again. */
async function refreshWithRetries(): Promise<RefreshOutcome> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  for (let attempt = 1; ; attempt += 1) {
    const result = locks ? await locks.request(REFRESH_LOCK, refreshNow) : await refreshNow();
    if (result.waitMs === undefined || attempt >= RATE_LIMITED_TRIES) return result.outcome;
    await sleep(result.waitMs);
  }
}

/**
 * Refresh tokens rotate and a reused one revokes the whole sign-in, so only one refresh may run at a
 * time: in this tab (shared promise) and across tabs (Web Locks where the browser has them). Tabs
 * share the cookie, so a tab that waited for the lock sends the cookie the other tab's refresh just
 * set, and gets its own access token.
 */
let inflight: Promise<RefreshOutcome> | null = null;
export function refreshTokens(): Promise<RefreshOutcome> {
  if (inflight) return inflight;
  const shared = refreshWithRetries().finally(() => {
    inflight = null;
  });
  inflight = shared;
  return shared;
}

const refresher = async (): Promise<boolean> => (await refreshTokens()) === 'refreshed';
// Registered as soon as shared loads, so the first API call after a reload can get a token even
// before the shell has started the keeper.
setTokenRefresher(refresher);

let scheduler: RefreshScheduler | null = null;
let unsubscribe: (() => void) | null = null;

/** Starts the keeper once per page: registers the 407 refresher and plans refreshes from the stored expiry. */
export function startTokenKeeper(): void {
  if (scheduler) return;
  setTokenRefresher(refresher);
  const keeper = createRefreshScheduler({ expiresAt: accessTokenExpiryMs, refresh: refreshTokens });
  scheduler = keeper;
  keeper.schedule();
  // New tokens (sign-in, refresh) or sign-out: plan again from the new expiry. Another tab signed
  // in as someone else (the store dropped our token): take over that sign-in through the cookie.
  unsubscribe = useSession.subscribe((state, prev) => {
    if (state.accessToken !== prev.accessToken || state.expiresAt !== prev.expiresAt) keeper.schedule();
    if (state.user && prev.user && state.user.uid !== prev.user.uid && !state.accessToken) void refreshTokens();
  });
}

/** For tests: forget the keeper. */
export function stopTokenKeeper(): void {
  scheduler?.stop();
  scheduler = null;
  unsubscribe?.();
  unsubscribe = null;
  setTokenRefresher(null);
}
