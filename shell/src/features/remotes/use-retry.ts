import { useCallback, useEffect, useRef } from 'react';

const RETRY_FIRST_MS = 1_000;
/** However long a remote stays away, a waiting page asks again no more often than this. */
export const RETRY_MAX_MS = 30_000;

/** The wait before try number `tries + 1`: 1 s, 2 s, 4 s … capped. */
export const retryDelay = (tries: number): number => Math.min(RETRY_FIRST_MS * 2 ** tries, RETRY_MAX_MS);

const canTry = () => document.visibilityState !== 'hidden' && navigator.onLine !== false;

/**
 * While `active`, calls `attempt` with backoff (retryDelay), only while the tab is visible and the
 * browser online: a hidden tab or a phone without signal costs no requests. Coming back online or to
 * the tab tries at once and starts the backoff again, as does `retryNow` (a Retry button).
 * `limit` stops the timer after that many tries (the events and `retryNow` still try).
 */
export function useRetry(active: boolean, attempt: () => Promise<unknown>, { limit = Infinity }: { limit?: number } = {}) {
  const latest = useRef(attempt);
  latest.current = attempt;
  const now = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!active) return;
    let live = true;
    let tries = 0;
    let running = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const schedule = () => {
      clearTimeout(timer);
      if (live && tries < limit && canTry()) timer = setTimeout(run, retryDelay(tries));
    };
    async function run() {
      if (running) return;
      clearTimeout(timer);
      running = true;
      tries += 1;
      try {
        await latest.current();
      } catch {
        // A failed try only means waiting for the next one.
      } finally {
        running = false;
      }
      schedule();
    }
    const fresh = () => {
      tries = 0;
      void run();
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? clearTimeout(timer) : fresh());
    const onOffline = () => clearTimeout(timer);

    now.current = fresh;
    schedule();
    window.addEventListener('online', fresh);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live = false;
      now.current = null;
      clearTimeout(timer);
      window.removeEventListener('online', fresh);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, limit]);

  const retryNow = useCallback(() => {
    if (now.current) now.current();
    else void latest.current().catch(() => undefined);
  }, []);
  return { retryNow };
}
