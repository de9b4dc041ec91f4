// Monolith stand-in for shell/src/features/remotes/load-remote-routes.ts, used only by the bundle benchmark:
// the same remotes' routes, bundled into the shell and split per remote, with no federation runtime.
import type { RemoteDescriptor } from '@shambasoko/contracts';
import type { RemoteRoutes } from '@shambasoko/shared';

const loaders: Record<string, () => Promise<{ default: RemoteRoutes }>> = {
  auth: () => import('../../../mfe-auth/src/routes'),
  market: () => import('../../../mfe-market/src/routes'),
  farm: () => import('../../../mfe-farm/src/routes'),
  legal: () => import('../../../mfe-legal/src/routes'),
};

export class RemoteUnavailableError extends Error {}

export function loadRemoteRoutes(remote: RemoteDescriptor): Promise<RemoteRoutes> {
  const load = loaders[remote.name];
  if (!load) return Promise.reject(new RemoteUnavailableError(remote.name));
  return load().then((m) => m.default);
}
