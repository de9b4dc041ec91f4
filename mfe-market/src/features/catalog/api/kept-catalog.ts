import type { ProductSearchParams } from '@shambasoko/contracts';

// The market's first screen as this device last saw it (the featured products and the first page of
// each category), so a repeat visit paints it at once from the device instead of waiting for the
// server; the page then asks the server again (prime-market.ts, prefetch-market.ts). Public catalog
// answers only: the same for every visitor, nothing of an account's in here. No query library here
// (prime-market.test.ts).

const STORE = 'shambasoko.market.kept';
/** Older than this, a kept answer is not shown: its prices and stock are too likely to have moved. */
export const KEPT_MAX_AGE_MS = 24 * 60 * 60_000;
/** The featured products and a few category tabs or sort orders. */
const MAX_ANSWERS = 6;

// Answers kept by another build of the market are dropped: their shape may not be the one this build reads.
declare const __webpack_hash__: string | undefined;
const BUILD = typeof __webpack_hash__ === 'string' ? __webpack_hash__ : 'unbundled';

interface KeptAnswer {
  key: string;
  at: number;
  data: unknown;
}

/** Whether a search is one a visit opens with: no words, no filters, the first page (any category and sort). */
export function keepable(params: ProductSearchParams): boolean {
  const { q, minPrice, maxPrice, county, inStock, minRating, page } = params;
  return !q && minPrice == null && maxPrice == null && !county && !inStock && minRating == null && (page ?? 1) === 1;
}

const keyOf = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

function read(): KeptAnswer[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORE) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return [];
    const { build, answers } = stored as { build?: unknown; answers?: unknown };
    if (build !== BUILD || !Array.isArray(answers)) return [];
    return answers.filter(
      (a): a is KeptAnswer =>
        typeof a === 'object' && a !== null && typeof a.key === 'string' && typeof a.at === 'number' && 'data' in a && a.data != null,
    );
  } catch {
    // no storage (a private window, a blocked site) or something that is not ours: nothing kept
    return [];
  }
}

/** Keeps the server's answer for `queryKey` on this device, the most recent first. */
export function keepAnswer(queryKey: readonly unknown[], data: unknown, now = Date.now()): void {
  const key = keyOf(queryKey);
  const answers = [{ key, at: now, data }, ...read().filter((a) => a.key !== key)].slice(0, MAX_ANSWERS);
  try {
    localStorage.setItem(STORE, JSON.stringify({ build: BUILD, answers }));
  } catch {
    // full or unavailable: the next visit waits for the server, as a first visit does
  }
}

/** The answer kept for `queryKey` when it is recent enough to show, else undefined. */
export function keptAnswer(queryKey: readonly unknown[], now = Date.now()): unknown {
  const key = keyOf(queryKey);
  const kept = read().find((a) => a.key === key);
  return kept && now - kept.at >= 0 && now - kept.at < KEPT_MAX_AGE_MS ? kept.data : undefined;
}
