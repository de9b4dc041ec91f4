import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marks the module errorLoadRemote hands back when a remote cannot be loaded. */
const REMOTE_UNAVAILABLE = '__shambasokoRemoteUnavailable';

export interface UnavailableModule {
  [REMOTE_UNAVAILABLE]: true;
  error: unknown;
}

export function isUnavailable(module: unknown): module is UnavailableModule {
  return typeof module === 'object' && module !== null && REMOTE_UNAVAILABLE in module;
}

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

const RETRY_DELAY_MS = 600;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Federation runtime plugin: one quiet retry of a failed remote entry (a remote restarting or a
 * flaky mobile link often recovers), then a marker module instead of a thrown error, so the shell
 * can show a fallback with Retry inside the remote's area while the rest of the page keeps working.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shambasoko-remote-fallback',
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      const retried = pause(RETRY_DELAY_MS)
        .then(() => {
          // The failed attempt is still registered as in flight; retrying would wait on itself.
          delete globalLoading[uniqueKey];
          return getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
        })
        .then((entry) => entry || undefined);
      // The hook's type nests the promise; the runtime awaits whatever it gets.
      return Promise.resolve(retried) as unknown as ReturnType<LoadEntryError>;
    },
    errorLoadRemote({ id, error }) {
      console.warn(`Remote module "${id}" could not be loaded`, error);
      const fallback: UnavailableModule = { [REMOTE_UNAVAILABLE]: true, error };
      return fallback;
    },
  };
}
