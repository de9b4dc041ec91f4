// Replaces @module-federation/sdk where @module-federation/webpack-bundler-runtime asks for it in our
// builds. The bundler runtime takes two names from the SDK (to read a remote's encoded module name),
// but the SDK's index pulls in all of it (script loading for Node and the browser, manifest
// snapshots, the logger): about 34 KB raw in every remote entry. Remote entries in ShambaSoko never
// load other remotes, so this code is dead there; the names behave as the SDK's do.

export const ENCODE_NAME_PREFIX = 'ENCODE_NAME_PREFIX';

// How the SDK writes "@", "/" and "-" in a name that must be an identifier, longest first.
const ENCODED = [
  ['scope_', '@'],
  ['__', '/'],
  ['_', '-'],
];

/** "scope_shambasoko__market_routes" back to "@shambasoko/market-routes" (after stripping `prefix`). */
export function decodeName(name, prefix, withExt) {
  if (prefix && !name.startsWith(prefix)) return name;
  let decoded = prefix ? name.split(prefix).join('') : name;
  for (const [from, to] of ENCODED) decoded = decoded.split(from).join(to);
  return withExt ? decoded.replace('.js', '') : decoded;
}
