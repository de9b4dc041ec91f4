import { cacheableVersion, type CachedRemote } from './remote-cache';

/** Registers the service worker (production builds only: a dev server's files change under the same URL). */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('Offline support is unavailable', error));
}

/**
 * Asks the worker to keep the builds of the remotes this account uses (each under its version's
 * cache); it drops the caches of versions no longer listed, so a deploy is picked up on the next start.
 */
export function cacheRemotesForOffline(remotes: readonly CachedRemote[]): void {
  const wanted = remotes.filter((r) => cacheableVersion(r.version)).map(({ name, version, entry }) => ({ name, version, entry }));
  if (wanted.length === 0 || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'cache-remotes', remotes: wanted }));
}
