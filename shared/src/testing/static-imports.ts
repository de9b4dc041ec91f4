import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * What a module loads with it: its static value imports, followed through the app's own files and the
 * contracts (type-only imports and `import()` are not loaded with it). A remote's first-load tests use
 * it to keep a page's or the routes' first chunk free of code they must not carry (issue 43).
 */
const CONTRACTS = path.join(__dirname, '../../../contracts/src');

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'/g;

/** The specifiers a file imports for its values (a brace list of only `type` names imports none). */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, , typeOnly, names = '', specifier, bare] of source.matchAll(IMPORT)) {
    if (bare) {
      found.push(bare);
      continue;
    }
    if (typeOnly || !specifier) continue;
    const list = /^\{([\s\S]*)\}$/.exec(names.trim());
    if (list && (list[1] ?? '').split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    found.push(specifier);
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/**
 * The first chain of static imports from `entry` (a path under the app's `src`) to an import `unwanted`
 * picks (by its specifier, or the file it resolves to), as "a -> b -> c"; null when none does. `unwanted`
 * may return a note to add to the chain instead of `true`.
 */
export function importChain(
  src: string,
  entry: string,
  unwanted: (specifier: string, file: string | null) => string | boolean,
): string | null {
  const start = path.join(src, entry);
  const seen = new Map<string, string>([[start, entry]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of valueImports(file)) {
      const chain = `${seen.get(file)} -> ${specifier}`;
      let next: string | null = null;
      if (specifier.startsWith('@shambasoko/contracts/')) next = resolveLocal(path.join(CONTRACTS, 'x'), `./${specifier.slice(22)}`);
      else if (specifier.startsWith('.')) next = resolveLocal(file, specifier);
      const verdict = unwanted(specifier, next);
      if (verdict) return typeof verdict === 'string' ? `${chain} ${verdict}` : chain;
      if (next && !seen.has(next)) {
        seen.set(next, chain);
        queue.push(next);
      }
    }
  }
  return null;
}
