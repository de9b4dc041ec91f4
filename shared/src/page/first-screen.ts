import { useSyncExternalStore } from 'react';

// Whether the page's first screen is up. What can wait for it (the counts on the cart and the bell,
// the favourite hearts on the cards) does: on a slow link those requests would otherwise compete with
// the page's own code, data and photos, and they are not what the visitor came to see.

/** With no largest-paint report (a paint before anyone asked, a tap, a hidden tab), the screen is taken to be up after this. */
export const FIRST_SCREEN_LIMIT_MS = 1500;

interface FirstScreen {
  /** See useFirstScreenShown. */
  useShown(): boolean;
  /** See holdFirstScreen. */
  hold(until: Promise<unknown>): void;
  /** See whenFirstScreenShown. */
  whenShown(): Promise<void>;
}

/** After a tap or a key press, the next page's first screen is taken to be up this long after it is asked about. */
export const FIRST_SCREEN_AFTER_INPUT_MS = 500;

/**
 * How a page can tell its first screen is up: 'reports' when the browser reports its largest paints
 * from now on; 'after-input' when they have stopped, at the visitor's first tap or key press (a page
 * opened from another one in the app gets none); 'none' where the browser has no such reports (Safari).
 */
function firstScreenSignal(): 'reports' | 'after-input' | 'none' {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint'))
    return 'none';
  return (navigator as Partial<Navigator>).userActivation?.hasBeenActive === true ? 'after-input' : 'reports';
}

/**
 * Resolves at the first largest-paint report from now on whose painted resource `matches` (its URL,
 * '' for text; `buffered` counts the reports made already) and, with `since`, whose paint was
 * presented at or after that moment (performance.now()), or after `limitMs`. Where none will come:
 * after `withoutReportsMs` in a browser that makes none, shortly after the visitor's input
 * (FIRST_SCREEN_AFTER_INPUT_MS) in one that has stopped.
 */
export function afterLargestPaint({
  matches = () => true,
  since,
  buffered = false,
  limitMs,
  withoutReportsMs,
}: {
  matches?: (url: string) => boolean;
  since?: number;
  buffered?: boolean;
  limitMs: number;
  withoutReportsMs: number;
}): Promise<void> {
  return new Promise((resolve) => {
    const signal = firstScreenSignal();
    if (signal !== 'reports') {
      setTimeout(resolve, signal === 'none' ? withoutReportsMs : FIRST_SCREEN_AFTER_INPUT_MS);
      return;
    }
    const observer = new PerformanceObserver((list) => {
      const painted = (entry: PerformanceEntry & { url?: string }) =>
        (since === undefined || entry.startTime >= since) && matches(entry.url ?? '');
      if (list.getEntries().some(painted)) done();
    });
    const limit = setTimeout(done, limitMs);
    function done() {
      observer.disconnect();
      clearTimeout(limit);
      resolve();
    }
    observer.observe({ type: 'largest-contentful-paint', buffered });
  });
}

/** One visit's first screen (the page keeps one; tests make their own). */
export function createFirstScreen(): FirstScreen {
  let shown = false;
  let watching = false;
  const listeners = new Set<() => void>();
  const holds: Array<Promise<unknown>> = [];
  let limit: ReturnType<typeof setTimeout> | undefined;

  function show(): void {
    if (shown) return;
    shown = true;
    clearTimeout(limit);
    for (const listener of [...listeners]) listener();
  }

  /** Up once every hold said so far has settled (a hold said meanwhile is waited for too). */
  function afterHolds(): void {
    const count = holds.length;
    void Promise.allSettled(holds).then(() => holds.length === count && show());
  }

  /**
   * Starts waiting: for what the page said its first screen is (holdFirstScreen), else for the first
   * largest-paint report from now on (the earlier ones are of the frame, not the page). At the latest
   * after FIRST_SCREEN_LIMIT_MS either way.
   */
  function watch(): void {
    if (watching || shown) return;
    watching = true;
    limit = setTimeout(show, FIRST_SCREEN_LIMIT_MS);
    if (holds.length > 0) return afterHolds();
    // A browser that reports no largest paint has nothing to wait for.
    if (firstScreenSignal() === 'none') return show();
    // A page that says what its first screen is after the frame started waiting is still waited for.
    void afterLargestPaint({ limitMs: FIRST_SCREEN_LIMIT_MS, withoutReportsMs: 0 }).then(() => holds.length === 0 && show());
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    watch();
    return () => listeners.delete(listener);
  }

  const current = () => shown;
  const onServer = () => false;
  return {
    useShown: () => useSyncExternalStore(subscribe, current, onServer),
    hold: (until) => {
      if (shown) return;
      holds.push(until);
      if (watching) afterHolds();
    },
    whenShown: () =>
      new Promise<void>((resolve) => {
        // Subscribing may show it at once (a browser with no paint reports): the listener is gone then.
        const listener = () => {
          listeners.delete(listener);
          resolve();
        };
        subscribe(listener);
        if (shown) listener();
      }),
  };
}

const visit = createFirstScreen();

/**
 * True once the page's first screen is up, from then on for every page of the visit: when what the
 * page held it for has happened (holdFirstScreen), else at the browser's first largest-paint report
 * after the first component asking mounted (the page's content, not just the frame), and at the
 * latest after FIRST_SCREEN_LIMIT_MS.
 */
export const useFirstScreenShown: () => boolean = visit.useShown;

/**
 * Tells what the page's first screen is: `until` settles once it is up (the market: its first photos
 * painted; the dashboard: its figures). Waited for when said before the screen counts as up, best as
 * the visit starts: once the first largest paint after something asked has been reported, it is not.
 */
export const holdFirstScreen: (until: Promise<unknown>) => void = visit.hold;

/** Settles once the page's first screen is up (as useFirstScreenShown turns true), for code outside React. */
export const whenFirstScreenShown: () => Promise<void> = visit.whenShown;
