// The Content-Security-Policy of the pages: only our own origins (the shell, the remotes named in
// the current manifest, the API behind the shell's proxy) and the identity provider's.
import { readFileSync } from 'node:fs';

export function remoteOrigins(manifestFile) {
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    return [...new Set((manifest.remotes ?? []).map((r) => new URL(r.entry).origin))];
  } catch {
    return [];
  }
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
