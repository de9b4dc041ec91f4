// No TanStack Query import here: a remote's routes module primes with this as a visit starts, and a
// chunk that took the query library would wait for it before it could run (one more round trip).

/*
 * Answers asked for before the page's component and its query client exist: a remote's routes
 * module, evaluated when a visit starts at one of its pages, asks for that page's data at once
 * (prime), and the page's own prefetch takes the answer (withPrimed) instead of asking again. On a
 * slow link that is the time the router, the layout and the page take to render, saved.
 */
const primed = new Map<string, Promise<unknown>>();
/**
 * Keys a page has asked for itself, with nothing primed: priming them later would ask twice. Priming
 * happens as a visit starts, so the most recent claims are the ones that count: a long session's
 * searches do not pile up here.
 */
const claimed = new Set<string>();
const CLAIMS_KEPT = 100;
const keyOf = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

/**
 * Sends `request` now and keeps its answer for the query at `queryKey` (once; not if the page has
 * asked already). Returns whether it did.
 */
export function prime(queryKey: readonly unknown[], request: () => Promise<unknown>): boolean {
  const key = keyOf(queryKey);
  if (primed.has(key) || claimed.has(key)) return false;
  const answer = request();
  // An answer nobody takes (the page never rendered) must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  primed.set(key, answer);
  return true;
}

/** The query's options with the primed answer as its first fetch, when there is one (taken once). */
export function withPrimed<T extends { queryKey: readonly unknown[]; queryFn?: unknown }>(options: T): T {
  const key = keyOf(options.queryKey);
  const answer = primed.get(key);
  if (!answer) {
    claimed.add(key);
    if (claimed.size > CLAIMS_KEPT) claimed.delete(claimed.values().next().value as string);
    return options;
  }
  primed.delete(key);
  const own = options.queryFn as ((...args: unknown[]) => unknown) | undefined;
  let first = true;
  // A retry or a later refetch asks the server again.
  const queryFn = (...args: unknown[]) => {
    if (!first && own) return own(...args);
    first = false;
    return answer;
  };
  return { ...options, queryFn };
}
