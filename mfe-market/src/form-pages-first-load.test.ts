/** @jest-environment node */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Pages whose first screen is a form paint without zod (issue 43): the checks load on first use
 * (lib/lazy-resolver.ts), and the values the form shows come from the contracts' zod-free files. This
 * walks each page's static imports (type-only imports and `import()` are not loaded with the page) and
 * fails on a value import of zod or the zod resolver, or of a contracts file that builds zod schemas.
 */
const SRC = __dirname;
const CONTRACTS = path.join(SRC, '../../contracts/src');

const FORM_PAGES = [
  'features/checkout/checkout-page.tsx',
  'features/seller/product-form-page.tsx',
  'features/seller/seller-profile-page.tsx',
  'features/seller/inventory-page.tsx',
  'features/seller/payouts-page.tsx',
  'features/announcements/announcements-page.tsx',
];

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)'/g;

/** The specifiers a file imports for its values (a brace list of only `type` names imports none). */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, , typeOnly, names = '', specifier = ''] of source.matchAll(IMPORT)) {
    if (typeOnly) continue;
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

/** Every file a page loads with it, and the first import chain that reaches zod, if one does. */
function zodChain(page: string): string | null {
  const seen = new Map<string, string>([[page, path.relative(SRC, page)]]);
  const queue = [page];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of valueImports(file)) {
      const chain = `${seen.get(file)} -> ${specifier}`;
      if (specifier === 'zod' || specifier.startsWith('@hookform/resolvers')) return chain;
      if (specifier === '@shambasoko/contracts') return `${chain} (the entry of every schema)`;
      let next: string | null = null;
      if (specifier.startsWith('@shambasoko/contracts/')) next = resolveLocal(path.join(CONTRACTS, 'x'), `./${specifier.slice(22)}`);
      else if (specifier.startsWith('.')) next = resolveLocal(file, specifier);
      if (next && !seen.has(next)) {
        seen.set(next, chain);
        queue.push(next);
      }
    }
  }
  return null;
}

describe('form pages paint without zod', () => {
  it.each(FORM_PAGES)('%s loads no zod with its first screen', (page) => {
    expect(zodChain(path.join(SRC, page))).toBeNull();
  });

  it('sees zod where a page does load it (the check itself works)', () => {
    expect(zodChain(path.join(SRC, 'features/seller/form-checks.ts'))).toMatch(/@hookform\/resolvers/);
  });
});
