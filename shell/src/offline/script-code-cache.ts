// What the service worker does about the compiled code Chromium keeps beside its stored scripts: a pure
// helper, shared by the worker and its tests.

/** The precached files to store again once the worker is active: the shell's scripts, not the worker itself. */
export const scriptsToStoreAgain = (urls: readonly string[]) =>
  urls.filter((url) => /\.js$/.test(new URL(url, 'http://x').pathname) && !/\/sw\.js$/.test(url));

/**
 * Chromium compiles every script a service worker stores while it installs, all of its functions,
 * and keeps that code beside the stored copy. On a repeat visit loading it held the main thread
 * longer than compiling what the start-up runs: the shell's main chunk took 40 ms of 53 to load its
 * 495 kB of compiled code, which the mobile preset counts four times over (scripts/bench/README.md).
 * Stored again once the worker is active, a script keeps no such code; Chromium then keeps the
 * code of what its first run compiled, and the visits after it load only that.
 * A copy made from the body, so nothing of the stored one's compiled code comes along.
 */
export async function storeScriptsAgain(cache: Pick<Cache, 'match' | 'put'>, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    const stored = await cache.match(key);
    if (!stored?.ok) continue;
    const copy = new Response(await stored.blob(), { status: stored.status, statusText: stored.statusText, headers: stored.headers });
    await cache.put(key, copy);
  }
}
