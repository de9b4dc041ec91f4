// Moves imports onto @shambasoko/contracts (issue 44), for code written before the package existed:
//   node scripts/lint/contracts-imports.mjs [folders…]   (default: every workspace)
// - '@shambasoko/shared/contracts' -> '@shambasoko/contracts', '@shambasoko/shared/time' ->
//   '@shambasoko/contracts/time', '@shambasoko/shared/testing/api-routes' -> '@shambasoko/contracts/api-routes';
// - core-api: '@shambasoko/shared' -> '@shambasoko/contracts' (the API never imports shared);
// - front ends: the names an `import { … } from '@shambasoko/shared'` takes that shared's entry no longer
//   exports but the contracts do (the body types) move to an import from '@shambasoko/contracts'.
// - the paths of the moved files named in comments, messages and READMEs (shared's old contracts folder,
//   its time folder, its messages catalog), which scripts/docs-paths.test.ts checks.
// Idempotent; run `npx prettier --write` on the files it lists, then `npx tsc -p tsconfig.json`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKSPACES = [
  'contracts',
  'core-api',
  'shell',
  'mfe-auth',
  'mfe-market',
  'mfe-farm',
  'mfe-legal',
  'shared',
  'e2e',
  'scripts',
  'deploy',
];
const folders = process.argv.slice(2).length ? process.argv.slice(2) : WORKSPACES;

const PATHS = [
  [
    /@shambasoko\/shared\/(contracts|time|testing\/api-routes)(?![\w/-])/g,
    (_, entry) => `@shambasoko/contracts${entry === 'contracts' ? '' : `/${entry.replace('testing/', '')}`}`,
  ],
  [/\bshared\/src\/testing\/api-routes\.ts/g, 'contracts/src/api-routes.ts'],
  [/\bshared\/src\/i18n\/messages(-sw\.json|\.ts)/g, 'contracts/src/i18n/messages$1'],
  [/\bshared\/src\/contracts\b/g, 'contracts/src'],
  [/\bshared\/src\/time\b/g, 'contracts/src/time'],
];

/** The names each entry exports, and which of the contracts' names are types only. */
function entryExports() {
  const entries = { shared: path.join(ROOT, 'shared/src/index.ts'), contracts: path.join(ROOT, 'contracts/src/index.ts') };
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, ROOT);
  const program = ts.createProgram(Object.values(entries), { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const exportsOf = (file) => checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)));
  const shared = new Set(exportsOf(entries.shared).map((symbol) => symbol.name));
  const contracts = new Map(
    exportsOf(entries.contracts).map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return [symbol.name, (target.flags & ts.SymbolFlags.Value) === 0];
    }),
  );
  return { shared, contracts };
}

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'test-results', 'playwright-report'].includes(entry.name) || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs|cjs|js|md)$/.test(entry.name) ? [full] : [];
  });
}

const ROOT_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])@shambasoko\/shared\3;?/g;

function moveNames(text, names) {
  return text.replace(ROOT_IMPORT, (statement, typeOnly, list, quote) => {
    const specifiers = list
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const nameOf = (specifier) =>
      specifier
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
    const moving = specifiers.filter((specifier) => !names.shared.has(nameOf(specifier)) && names.contracts.has(nameOf(specifier)));
    if (moving.length === 0) return statement;
    const staying = specifiers.filter((specifier) => !moving.includes(specifier));
    const allTypes = typeOnly || moving.every((specifier) => /^type\s/.test(specifier) || names.contracts.get(nameOf(specifier)));
    const moved = allTypes
      ? `import type { ${moving.map((specifier) => specifier.replace(/^type\s+/, '')).join(', ')} } from ${quote}@shambasoko/contracts${quote};`
      : `import { ${moving.join(', ')} } from ${quote}@shambasoko/contracts${quote};`;
    if (staying.length === 0) return moved;
    return `${moved}\nimport ${typeOnly ?? ''}{ ${staying.join(', ')} } from ${quote}@shambasoko/shared${quote};`;
  });
}

// `import * as shared from '@shambasoko/shared'` then `shared.AppRole`: the moved name gets its own import.
function moveQualified(text, names) {
  const namespace = /import\s+(?:type\s+)?\*\s+as\s+(\w+)\s+from\s*(['"])@shambasoko\/shared\2;?/.exec(text);
  if (!namespace) return text;
  const moved = new Set();
  const after = text.replace(new RegExp(`\\b${namespace[1]}\\.(\\w+)\\b`, 'g'), (whole, name) => {
    if (names.shared.has(name) || !names.contracts.has(name)) return whole;
    moved.add(name);
    return name;
  });
  if (moved.size === 0) return text;
  const values = [...moved].filter((name) => !names.contracts.get(name));
  const line = values.length
    ? `import { ${[...moved].map((name) => (values.includes(name) ? name : `type ${name}`)).join(', ')} } from '@shambasoko/contracts';`
    : `import type { ${[...moved].join(', ')} } from '@shambasoko/contracts';`;
  return after.replace(namespace[0], `${namespace[0]}\n${line}`);
}

const names = entryExports();
const changed = [];
const rootDocs = process.argv.slice(2).length ? [] : ['README.md', 'Dockerfile'].map((file) => path.join(ROOT, file));
for (const folder of folders) {
  for (const file of [...sourceFiles(path.join(ROOT, folder)), ...(folder === folders[0] ? rootDocs : [])]) {
    if (file === import.meta.filename) continue;
    const before = fs.readFileSync(file, 'utf8');
    let after = before;
    for (const [pattern, to] of PATHS) after = after.replace(pattern, to);
    if (file.endsWith('.md') || file.endsWith('Dockerfile')) {
      // prose only
    } else if (path.relative(ROOT, file).startsWith(`core-api${path.sep}`))
      after = after.replace(/(['"])@shambasoko\/shared\1/g, '$1@shambasoko/contracts$1');
    else if (!/^(shared|contracts)\//.test(path.relative(ROOT, file).split(path.sep).join('/')))
      after = moveQualified(moveNames(after, names), names);
    if (after !== before) {
      fs.writeFileSync(file, after);
      changed.push(path.relative(ROOT, file));
    }
  }
}
process.stdout.write(changed.join('\n') + (changed.length ? '\n' : ''));
