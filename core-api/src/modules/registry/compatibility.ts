import semver from 'semver';

// The deploy checks that need no database: where an entry may come from, whether the live shell
// satisfies a build's shared singletons, and whether two mounts would claim the same address.

/** Null when the entry's origin is allowed, else why not. */
export function entryOriginProblem(entry: string, allowed: readonly string[], production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return `entry ${entry} is not a URL`;
  }
  if (allowed.includes(url.origin)) return null;
  const local = url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
  if (!production && local) return null;
  if (production && url.protocol !== 'https:') return `entry origin ${url.origin} is not https`;
  return `entry origin ${url.origin} is not an allowed remote origin`;
}

/** Each requirement on a package the shell provides that its version does not satisfy, as a sentence. */
export function unmetRequirements(remote: string, requires: Record<string, string>, provides: Record<string, string>): string[] {
  return Object.entries(requires).flatMap(([pkg, range]) => {
    const provided = provides[pkg];
    if (provided === undefined) return [];
    const version = semver.coerce(provided)?.version ?? provided;
    if (semver.validRange(range) === null) return [`${remote} requires ${pkg} "${range}", which is not a version range`];
    return semver.satisfies(version, range, { includePrerelease: true })
      ? []
      : [`${remote} needs ${pkg} ${range}; the live shell provides ${provided}`];
  });
}

const segments = (pattern: string) => pattern.split('/').filter((s) => s !== '');

/** True when some address matches both route patterns ("/market/*" and "/market/item", ":id" and "x"). */
export function mountsCollide(a: string, b: string): boolean {
  const x = segments(a);
  const y = segments(b);
  for (let i = 0; ; i++) {
    const p = x[i];
    const q = y[i];
    if (p === '*' || q === '*') return true;
    if (p === undefined || q === undefined) return p === q;
    if (p !== q && !p.startsWith(':') && !q.startsWith(':')) return false;
  }
}
