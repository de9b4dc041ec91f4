// The Content-Security-Policy of the pages: only our own origins (the shell, the remotes named in
// the current manifest, the API behind the shell's proxy) and the identity provider's.

/** The origins of every entry in a remotes manifest, rollout builds included. */
export function remoteOrigins(manifest) {
  const origins = new Set();
  for (const remote of manifest?.remotes ?? []) {
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
  let timer = null;
  let updatedAt = 0;
  let pending = null;
  const update = (manifest) => {
    origins = remoteOrigins(manifest);
    updatedAt = Date.now();
  };
  const refresh = async () => {
    try {
      const response = await fetcher(new URL('/v1/remotes/manifest', apiOrigin));
      if (response.ok) update(await response.json());
    } catch {
      // API unreachable: keep the last known origins
    }
  };
  return {
    origins: () => origins,
    /** The origins, re-read first when older than maxAgeMs (a page must not be refused a just-deployed remote). */
    async fresh(maxAgeMs = 1000) {
      // One registry read however many pages are requested while it runs.
      if (Date.now() - updatedAt > maxAgeMs) await (pending ??= refresh().finally(() => (pending = null)));
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
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
