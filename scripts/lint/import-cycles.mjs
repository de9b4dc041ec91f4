// No import cycles inside a package, lazy `import()` included: a cycle closed through a lazy import
// still ties the layers together and hides which one is on top. Type-only imports are erased at build
// time and do not count. Each package's graph is read from disk once per process.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGES = ['shell', 'shared', 'mfe-auth', 'mfe-market', 'mfe-farm', 'mfe-legal', 'core-api'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs', '/index.js'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.cache', '.data', 'coverage']);

/** The runtime imports of one file's text (static, re-exports and `import()` with a literal). */
export function importsOf(fileName, text) {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isImportEqualsDeclaration(node) || ts.isImportTypeNode(node)) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Our packages' named entries (`@shambasoko/shared/ui`, `@shambasoko/contracts/time`…) and their files. */
function sharedExports() {
  return new Map(
    ['shared', 'contracts'].flatMap((folder) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8'));
      return Object.entries(manifest.exports ?? {})
        .filter(([key, value]) => !key.includes('*') && SOURCE.test(value))
        .map(([key, value]) => [`${manifest.name}${key.slice(1)}`, path.join(ROOT, folder, value)]);
    }),
  );
}

function resolveFile(base) {
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (SOURCE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  // ESM sources name './x.js' for './x.ts'.
  const js = /\.m?js$/.exec(base);
  if (js) return resolveFile(base.slice(0, -js[0].length));
  return null;
}

/** The absolute file an import lands on, or null (a third-party package, an asset). */
export function resolveImport(fromFile, source, packageNames = sharedExports()) {
  if (source.startsWith('.')) return resolveFile(path.resolve(path.dirname(fromFile), source));
  const named = packageNames.get(source);
  if (named) return named;
  const deep = /^@shambasoko\/(shared|contracts)\/(.+)$/.exec(source);
  return deep ? resolveFile(path.join(ROOT, deep[1], 'src', deep[2])) : null;
}

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) sourceFiles(path.join(dir, entry.name), out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.join(dir, entry.name));
  }
  return out;
}

/** file -> files it imports at run time, for every source file under `dir`, edges kept inside `dir`. */
export function importGraph(dir) {
  const names = sharedExports();
  const files = sourceFiles(dir);
  const inside = (file) => file.startsWith(dir + path.sep);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const source of importsOf(file, fs.readFileSync(file, 'utf8'))) {
      const to = resolveImport(file, source, names);
      if (to && inside(to) && to !== file) targets.add(to);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components with more than one file (Tarjan), each a Set of files. */
export function cyclicGroups(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (start) => {
    // Iterative, so a long chain of imports cannot overflow the call stack.
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const to = edges[frame[2]++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, [...(graph.get(to) ?? [])], 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = new Set();
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.add(member);
        } while (member !== node);
        if (group.size > 1) groups.push(group);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return groups;
}

/** The shortest way back from `to` to `from` inside one group: the rest of the circle. */
export function pathBack(graph, group, from, to) {
  const previous = new Map([[to, null]]);
  const queue = [to];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === from) break;
    for (const next of graph.get(node) ?? []) {
      if (group.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  const steps = [];
  for (let node = from; node !== null && node !== undefined; node = previous.get(node)) steps.unshift(node);
  return steps;
}

const cache = new Map();
function packageState(pkg) {
  if (!cache.has(pkg)) {
    const graph = importGraph(path.join(ROOT, pkg));
    const groupOf = new Map();
    for (const group of cyclicGroups(graph)) for (const file of group) groupOf.set(file, group);
    cache.set(pkg, { graph, groupOf });
  }
  return cache.get(pkg);
}

export const noCycleRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles inside a package, lazy import() included' },
    schema: [],
    messages: { cycle: 'import cycle: {{circle}}' },
  },
  create(context) {
    const file = context.filename;
    const pkg = path.relative(ROOT, file).split(path.sep)[0];
    if (!PACKAGES.includes(pkg)) return {};
    const { graph, groupOf } = packageState(pkg);
    const group = groupOf.get(file);
    if (!group) return {};
    const names = sharedExports();
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const to = resolveImport(file, source, names);
      if (!to || !group.has(to)) return;
      const circle = [file, ...pathBack(graph, group, file, to)].map((f) => path.relative(path.join(ROOT, pkg), f)).join(' -> ');
      context.report({ node, messageId: 'cycle', data: { circle } });
    };
    return {
      ImportDeclaration: (node) => node.importKind !== 'type' && check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && node.exportKind !== 'type' && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => node.exportKind !== 'type' && check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

// `node scripts/lint/import-cycles.mjs [package…]` prints every cycle group.
if (process.argv[1] === import.meta.filename) {
  const wanted = process.argv.length > 2 ? process.argv.slice(2) : PACKAGES;
  let found = 0;
  for (const pkg of wanted) {
    for (const group of cyclicGroups(importGraph(path.join(ROOT, pkg)))) {
      found++;
      console.log(`${pkg}: ${group.size} files in a cycle\n  ${[...group].map((f) => path.relative(ROOT, f)).join('\n  ')}`);
    }
  }
  process.exitCode = found > 0 ? 1 : 0;
}
