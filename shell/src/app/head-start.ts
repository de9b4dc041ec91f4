import { isSignedIn, restoreSession, startPagesAt, useSession } from '@shambasoko/shared';
import { offlineWanted, wantOffline } from '../lib/offline-wanted';
import { fetchEarlyManifest } from '../features/remotes/early-manifest';
import { effectiveRemotes, lastKnownMount, matchMount } from '../features/remotes/manifest';

let started = false;

/**
 * On any page but the landing page, starts at once what the page will wait for, instead of one after
 * another once the first render has run: the remotes manifest, the app area's code, and, as soon as
 * the manifest names the remote that owns the path, that remote's entry and routes; for a stored
 * account, its core session (a reload keeps no access token, and the page's data waits for one). On
 * a slow link each of those was a round trip in sequence before the page's own code and data could start.
 * Nothing is shown from here: the dispatcher still decides what the viewer may see.
 */
export function headStart(pathname: string): void {
  if (started) return;
  started = true;
  if (pathname === '/') {
    // The landing page's own chunk, while the rest of start-up runs (the server lists this import's files).
    void import('../pages/landing-page');
    return;
  }
  const early = fetchEarlyManifest();
  if (isSignedIn(useSession.getState())) void restoreSession();
  // The app area's code, with what decides whether the page needs the frames and the query cache.
  const serverData = import(/* webpackChunkName: "app" */ './app-area');
  const loader = import(/* webpackChunkName: "app" */ '../features/remotes/load-remote-routes');
  // A signed-in visit to a page that sat in the dashboard frame last time (the last manifest this
  // browser saw) starts the frame and query cache with the app area, not after the manifest: on a
  // repeat visit the manifest is the slower of the two.
  if (isSignedIn(useSession.getState()) && lastKnownMount(pathname)?.layout === 'dashboard')
    void serverData.then((m) => Promise.all([m.serverDataCode.start(), m.frameCode.dashboard.start()])).catch(() => undefined);
  early.then(
    (manifest) => {
      const session = useSession.getState();
      const viewer = {
        userId: session.userId,
        roles: (session.user as { roles?: readonly string[] } | null)?.roles ?? [],
        role: session.role,
      };
      const match = matchMount(effectiveRemotes(manifest, viewer, new Map()), pathname);
      if (match.kind !== 'remote') return;
      // A dashboard page sends a signed-out visitor to sign in: its code is not needed.
      if (match.mount.layout === 'dashboard' && !isSignedIn(session)) return;
      // Dashboard pages take the preferences from the shell as they load, and sit in the shell's frame
      // inside the query cache: all start now (on a first visit the server has preloaded them:
      // scripts/page-hints.mjs). A page that works offline, or any page of a device that keeps saved
      // data or waiting changes, takes the offline support too.
      if (match.mount.layout === 'dashboard') {
        const cache = serverData.then((m) => m.serverDataCode.start());
        void serverData.then((m) => m.frameCode.dashboard.start()).catch(() => undefined);
        if (match.mount.offline === true) wantOffline();
        // Its offline support restores the account's saved farm data into the cache: the page shows that first.
        if (offlineWanted())
          void Promise.all([import('@shambasoko/shared/offline'), cache])
            .then(([offline, code]) => offline.startOfflineSupport(code.queryClient))
            .catch(() => undefined);
        void import('@shambasoko/shared/preferences');
      }
      // With the routes, the code of the pages they render here (a layout's and its page's) starts at once.
      void loader.then(({ loadRemoteRoutes }) =>
        loadRemoteRoutes(match.remote).then(
          (routes) => {
            startPagesAt(routes, pathname);
            // A public page that reads server data (the market's) needs the query cache too; sign-in does not.
            void serverData.then((m) => (m.needsServerData(routes, pathname) ? m.serverDataCode.start() : null)).catch(() => undefined);
          },
          () => undefined,
        ),
      );
    },
    () => undefined,
  );
}
