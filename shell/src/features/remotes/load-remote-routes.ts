import type { RemoteDescriptor } from '@shambasoko/contracts';
import type { RemoteRoutes, RemoteRoutesModule } from '@shambasoko/shared';
import { isUnavailable } from './fallback-plugin';
import { federation } from './federation';

class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    readonly reason: unknown,
  ) {
    super(`The ${remote} section could not be loaded.`);
  }
}

const registered = new Map<string, string>();
const loaded = new Map<string, Promise<RemoteRoutes>>();

/**
 * Tells the federation runtime where a remote lives, the first time one of its routes is visited
 * (so pages that need no remote never load the runtime's loading code). `force` replaces an
 * earlier registration and the runtime's cache of it.
 */
function register(remote: RemoteDescriptor, force: boolean): void {
  if (!force && registered.get(remote.name) === remote.entry) return;
  federation().registerRemotes([{ name: remote.name, entry: remote.entry }], { force: registered.has(remote.name) });
  registered.set(remote.name, remote.entry);
}

/**
 * Loads a remote's routes once and keeps them. A failure is not kept: `attempt` > 0 re-registers
 * the remote (clearing the runtime's cache of it) and tries again, without a page reload.
 */
export function loadRemoteRoutes(remote: RemoteDescriptor, attempt = 0): Promise<RemoteRoutes> {
  const key = remote.name;
  const cached = loaded.get(key);
  if (cached && attempt === 0 && registered.get(key) === remote.entry) return cached;
  register(remote, attempt > 0);
  const promise = federation()
    .loadRemote<RemoteRoutesModule>(`${remote.name}/routes`)
    .then((module) => {
      if (!module || isUnavailable(module) || !Array.isArray(module.default)) {
        throw new RemoteUnavailableError(remote.name, isUnavailable(module) ? module.error : null);
      }
      return module.default;
    });
  loaded.set(key, promise);
  promise.catch(() => {
    if (loaded.get(key) === promise) loaded.delete(key);
  });
  return promise;
}

/** Loads another module a remote exposes (e.g. the auth remote's account chooser). */
export async function loadRemoteModule<T>(remote: RemoteDescriptor, expose: string): Promise<T> {
  register(remote, false);
  const module = await federation().loadRemote<T>(`${remote.name}/${expose}`);
  if (!module || isUnavailable(module)) throw new RemoteUnavailableError(remote.name, isUnavailable(module) ? module.error : null);
  return module;
}
