// The Content-Security-Policy of the pages: only our own origins (the shell, the remotes switched on
// in the current manifest, the API behind the shell's proxy) and the identity provider's.

/**
 * The origins of the entries in a remotes manifest that pages may load: each live remote that is
 * switched on, and the build its staged rollout offers. A switched-off remote's origin is left out, so
 * the kill switch also stops its code at the browser. `enabled` absent reads as on, as the shell reads it.
 */
export function remoteOrigins(manifest) {
  const origins = new Set();
  for (const remote of manifest?.remotes ?? []) {
    if (remote?.enabled === false) continue;
    for (const entry of [remote?.entry, remote?.rollout?.entry]) {
      try {
        if (typeof entry === 'string') origins.add(new URL(entry).origin);
      } catch {
        // not a URL: the shell drops that remote too
      }
    }
  }
  return [...origins];
}

/**
 * The remote origins the pages' CSP allows, following the registry: updated from every manifest
 * that passes through /remotes.json and polled every few seconds (a kill switch or a new origin
 * applies without a restart). Until the first answer, nothing but our own origin is allowed.
 */
export function createRemoteOriginsCache({ apiOrigin, intervalMs = 5000, fetcher = fetch }) {
  let origins = [];
  let manifest = null;
  let timer = null;
  /** When the registry read behind `origins` was sent (not answered): what it reports was true then. */
  let readAt = 0;
  /** The read under way, if any, and when it was sent. */
  let pending = null;
  const update = (next, sentAt = Date.now()) => {
    manifest = next;
    origins = remoteOrigins(next);
    readAt = sentAt;
  };
  const read = () => {
    if (pending) return pending;
    const sentAt = Date.now();
    const promise = (async () => {
      try {
        const response = await fetcher(new URL('/v1/remotes/manifest', apiOrigin));
        if (response.ok) update(await response.json(), sentAt);
      } catch {
        // API unreachable: keep the last known origins
      }
    })().finally(() => (pending = null));
    pending = { sentAt, promise };
    return pending;
  };
  const refresh = () => read().promise;
  return {
    origins: () => origins,
    /** The manifest behind `origins` (null before the first answer). */
    manifest: () => manifest,
    /**
     * The origins as the registry had them when this page was asked for (or at most maxAgeMs before): a
     * page must not be refused a remote deployed a moment ago. A read already under way counts only if it
     * was sent within that window; one sent before a deploy answers the old origins, so it is awaited and
     * a new read follows. Pages asked for at once share one read.
     */
    async fresh(maxAgeMs = 0) {
      if (maxAgeMs > 0 && Date.now() - readAt < maxAgeMs) return origins;
      // A read under way was sent before this call and may predate a deploy: let it finish, then read again
      // (a read another page started after it is just as new, and is shared).
      const underWay = pending;
      if (underWay) await underWay.promise;
      await read().promise;
      return origins;
    },
    update,
    refresh,
    start() {
      timer = setInterval(() => void refresh(), intervalMs);
      timer.unref?.();
      return refresh();
    },
    stop: () => clearInterval(timer),
  };
}

/** @param {{ remotes: string[], identityEmulator?: string | null, firebaseProject?: string }} o */
export function contentSecurityPolicy({ remotes, identityEmulator = null, firebaseProject = 'demo-shambasoko' }) {
  const identityConnect = identityEmulator
    ? [identityEmulator]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
  const identityFrames = identityEmulator
    ? [identityEmulator]
    : [`https://${firebaseProject}.firebaseapp.com`, 'https://accounts.google.com'];
  const own = ["'self'", ...remotes];
  return [
    "default-src 'self'",
    // The identity SDK loads Google's API loader before opening the sign-in popup (also with the emulator).
    `script-src ${own.join(' ')} https://apis.google.com`,
    // Inline style attributes are used for computed widths (progress bars); no inline scripts are.
    `style-src ${own.join(' ')} 'unsafe-inline'`,
    `img-src ${own.join(' ')} data: blob: https://lh3.googleusercontent.com`,
    `connect-src ${[...own, ...identityConnect].join(' ')}`,
    `frame-src ${identityFrames.join(' ')}`,
    // The service worker (/sw.js), from our own origin only.
    "worker-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
