// The standalone host of one remote's production build (README.md): it provides the shared
// singletons and the federation runtime the remote's entry expects, as the shell does, then loads
// the remote's own remoteEntry.js from the folder this page was served from.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRoutes, RemoteRoutesModule } from '@shambasoko/shared';
import { createRoot } from 'react-dom/client';
import sharedForRemotes from './shared-for-remotes';
import { StandaloneFrame } from './standalone-frame';
import './styles.css';

declare const __STANDALONE_REMOTE__: string;
declare const __STANDALONE_VERSION__: string;

async function start(root: HTMLElement) {
  const name = __STANDALONE_REMOTE__;
  // Offered to the remote through the share scope (shared-for-remotes.ts), not called here.
  if (sharedForRemotes.length === 0) throw new Error('The standalone host offers no shared modules.');
  // Relative to this page, so /v/<version>/standalone.html loads that version's entry.
  registerRemotes([{ name, entry: new URL('remoteEntry.js', window.location.href).href }]);
  let routes: RemoteRoutes = [];
  let error: string | null = null;
  try {
    routes = (await loadRemote<RemoteRoutesModule>(`${name}/routes`))?.default ?? [];
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  createRoot(root).render(
    <StandaloneFrame name={name} version={__STANDALONE_VERSION__} home={window.location.pathname} routes={routes} error={error} />,
  );
}

const root = document.getElementById('root');
if (root) void start(root);
