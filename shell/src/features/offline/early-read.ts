/**
 * A network read the service worker starts as it answers a page's navigation from its precache, for
 * the page's own request a moment later. A page's first request is the remotes manifest, and it is
 * sent only once the page's code has loaded and run; started with the navigation, its round trip
 * overlaps that instead of following it. The answer is as fresh as the page.
 */
export interface EarlyRead {
  start(): void;
  /**
   * The read, once: undefined when none was started within `holdMs` (the caller reads as usual), null
   * when it failed or has not answered within `waitMs` of being asked for (the caller's saved copy).
   */
  take(): Promise<Response | null | undefined>;
}

export function createEarlyRead(read: () => Promise<Response>, { holdMs = 10_000, waitMs = 4_000, now = Date.now } = {}): EarlyRead {
  let early: { at: number; answer: Promise<Response | null> } | null = null;
  return {
    start() {
      early = { at: now(), answer: read().catch(() => null) };
    },
    async take() {
      const taken = early && now() - early.at < holdMs ? early.answer : undefined;
      early = null;
      if (!taken) return undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
      try {
        return await Promise.race([taken, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
