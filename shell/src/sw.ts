// The service worker: the shell precached at install (Workbox InjectManifest fills __WB_MANIFEST),
// each remote's build cached under a cache named by remote and version, catalog images kept for a
// while, a nudge to the pages when Background Sync says the connection is back, and push notices.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { createEarlyRead } from './features/offline/early-read';
import { notificationFromPush, openFromNotification, type WindowLike } from './features/push/push-handlers';
import { REMOTE_CACHE_PREFIX, remoteCacheName, remoteFiles, staleRemoteCaches, type CachedRemote } from './features/offline/remote-cache';

// The DOM library is in scope for the whole repo; these are the few worker types used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface MessageFromPage extends ExtendableEvent {
  data: unknown;
}
interface WorkerClient extends WindowLike {
  postMessage(message: unknown): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: { data: unknown; close(): void };
}
declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: { origin: string };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled?: boolean }): Promise<WorkerClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: { showNotification(title: string, options: object): Promise<void> };
  addEventListener(type: 'message', listener: (event: MessageFromPage) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};

/** Tag of the Background Sync registration the outbox asks for (shared/src/offline/offline-write.ts). */
const OUTBOX_SYNC_TAG = 'shambasoko-outbox';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so it works offline without a second visit.
clientsClaim();

const MANIFEST_CACHE = 'shambasoko-manifest';
const MANIFEST_WAIT_S = 4;
// Every page but the landing page reads the manifest first: its read starts with the navigation.
const earlyManifest = createEarlyRead(() => fetch('/remotes.json', { cache: 'no-cache' }), { waitMs: MANIFEST_WAIT_S * 1000 });

// App routes open the precached page; the API, the manifest and files are never answered with it.
const openPage = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    (options) => {
      if (options.url.pathname !== '/') earlyManifest.start();
      return openPage(options);
    },
    { denylist: [/^\/(v1|api|static|health)(\/|$)/, /^\/remotes\.json$/, /\.[a-z0-9]+$/i] },
  ),
);

// The remotes manifest: the network's when it answers within a few seconds, the last one otherwise.
const manifestFromNetwork = new NetworkFirst({ cacheName: MANIFEST_CACHE, networkTimeoutSeconds: MANIFEST_WAIT_S });
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/remotes.json',
  async (options) => {
    const early = await earlyManifest.take();
    if (early === undefined) return manifestFromNetwork.handle(options);
    if (early?.ok) await (await caches.open(MANIFEST_CACHE)).put('/remotes.json', early.clone());
    if (early) return early;
    return (await caches.match('/remotes.json', { cacheName: MANIFEST_CACHE })) ?? manifestFromNetwork.handle(options);
  },
);

// Catalog images (served by the API under /static): the most recent 60, dropped first when space runs out.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.destination === 'image' && url.pathname.startsWith('/static/'),
  new CacheFirst({
    cacheName: 'shambasoko-catalog-images',
    plugins: [new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
);

/** A stored remote version's file (/v/<version>/…, never changed once deployed): its version cache first. */
const VERSIONED = /^\/v\/([0-9a-f]{8,64})\//;
registerRoute(
  ({ url }) => VERSIONED.test(url.pathname),
  async ({ request, url }) => {
    const version = VERSIONED.exec(url.pathname)?.[1] ?? '';
    const name = (await caches.keys()).find((key) => key.startsWith(REMOTE_CACHE_PREFIX) && key.endsWith(`-${version}`));
    if (!name) return fetch(request);
    const cache = await caches.open(name);
    const hit = await cache.match(request.url);
    if (hit) return hit;
    const answer = await fetch(request);
    if (answer.ok && answer.type !== 'opaque') await cache.put(request.url, answer.clone());
    return answer;
  },
);

/** Fetches a remote version's entry and the chunks its federation manifest lists, once per version. */
async function cacheRemote(remote: CachedRemote): Promise<void> {
  const cache = await caches.open(remoteCacheName(remote));
  if (await cache.match(remote.entry)) return;
  const listing = await fetch(new URL('mf-manifest.json', remote.entry), { mode: 'cors' }).then((r) => (r.ok ? r.json() : null));
  const files = remoteFiles(remote.entry, listing);
  // The entry last: its presence says the version is complete.
  await cache.addAll(files.filter((f) => f !== remote.entry).map((f) => new Request(f, { mode: 'cors' })));
  await cache.add(new Request(remote.entry, { mode: 'cors' }));
}

async function cacheRemotes(remotes: CachedRemote[]): Promise<void> {
  // The manifest that named them too: the page may have read it before this worker controlled it.
  const manifest = caches.open(MANIFEST_CACHE).then((cache) => cache.add('/remotes.json'));
  await Promise.allSettled([manifest, ...remotes.map(cacheRemote)]);
  const stale = staleRemoteCaches(await caches.keys(), remotes);
  await Promise.all(stale.map((key) => caches.delete(key)));
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'remotes-cached' });
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; remotes?: CachedRemote[] } | null;
  if (data?.type === 'cache-remotes' && Array.isArray(data.remotes)) event.waitUntil(cacheRemotes(data.remotes));
});

// The pages hold the session, so they replay the outbox; the worker only tells them the network is back.
self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'replay-outbox' });
    }),
  );
});

// A notice by web push (issue 41): shown at once, in the words the server chose for the reader.
self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json() ?? null;
  } catch {
    payload = { body: event.data?.text() ?? '' };
  }
  const shown = notificationFromPush(payload, self.location.origin);
  event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? `${self.location.origin}/`;
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => openFromNotification(url, windows, (to) => self.clients.openWindow(to))),
  );
});
