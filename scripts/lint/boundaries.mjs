// The architecture as a lint rule: which workspace and which feature may import which. Imports are
// resolved to a repo path first, so relative paths and package names are judged alike.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REMOTES = ['mfe-auth', 'mfe-market', 'mfe-farm', 'mfe-legal'];
const FRONT_ENDS = ['shell', 'shared', ...REMOTES];

/** The repo-relative path an import lands on, or null for a third-party package. */
function target(fromFile, source) {
  if (source.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(fromFile), source));
  const pkg = /^@shambasoko\/([^/]+)(\/.*)?$/.exec(source);
  if (!pkg) return null;
  return `${pkg[1]}/src${pkg[2] ?? ''}`;
}

const workspaceOf = (relative) => relative.split(path.sep)[0] ?? '';
const apiModuleOf = (relative) => /^core-api\/src\/modules\/([^/]+)(?:\/(.*))?$/.exec(relative.split(path.sep).join('/'));
const isTest = (relative) => /\.test\.tsx?$/.test(relative);
const featureOf = (relative) => /^(mfe-[^/]+|shell)\/src\/features\/([^/]+)\//.exec(relative.split(path.sep).join('/') + '/');

// The shell's layers, top to bottom (as mfe-farm's): its entries, app (composition and routing), pages,
// layout, features, lib. A folder imports its own and those below it, never one above.
const SHELL_LAYERS = { app: 4, pages: 3, layout: 2, features: 1, lib: 0, locales: 0 };
const ENTRY_RANK = 5;
/** The shell folder a repo-relative path sits in ('' for the entries at src/), or null outside shell/src. */
function shellLayer(relative) {
  const parts = relative.split(path.sep).join('/').split('/');
  if (parts[0] !== 'shell' || parts[1] !== 'src') return null;
  return parts.length <= 3 ? '' : parts[2];
}
const shellRank = (layer) => (layer === '' ? ENTRY_RANK : SHELL_LAYERS[layer]);

function shellViolation(from, to) {
  const fromLayer = shellLayer(from);
  const toLayer = shellLayer(to);
  if (fromLayer === null || toLayer === null) return null;
  for (const layer of [fromLayer, toLayer]) {
    if (layer !== '' && !(layer in SHELL_LAYERS))
      return `shell/src/${layer} is no layer: put the file in app, pages, layout, features or lib`;
  }
  if (toLayer === '' && fromLayer !== '') return "the shell's entries (bootstrap, index, early, sw) are imported by no other module";
  if (shellRank(toLayer) > shellRank(fromLayer))
    return `shell/src/${fromLayer || '(entry)'} imports shell/src/${toLayer}, a layer above it: the order is app -> pages -> layout -> features -> lib`;
  return null;
}

/** Why `from` may not import `to` (both repo-relative), or null when it may. */
export function violation(from, to) {
  const source = workspaceOf(from);
  const dest = workspaceOf(to);
  if (FRONT_ENDS.includes(source) && dest === 'core-api')
    return 'front ends never import core-api: talk to it over HTTP, share shapes through @shambasoko/contracts';
  if (source === 'shared' && dest !== 'shared' && FRONT_ENDS.includes(dest))
    return 'shared/ imports no app: the direction is shell -> remotes -> shared';
  if (REMOTES.includes(source) && REMOTES.includes(dest) && source !== dest)
    return 'a remote never imports another remote: link to its routes or share through @shambasoko/shared';
  if (REMOTES.includes(source) && dest === 'shell') return 'a remote never imports the shell';
  // The API image installs core-api's dependencies only: @shambasoko/shared would bring React, the
  // design system, Lingui and the Firebase client SDK into it (issue 44).
  if (source === 'core-api' && dest === 'shared')
    return 'core-api never imports @shambasoko/shared: take shapes, values and Nairobi time from @shambasoko/contracts (React-free)';
  if (source === 'core-api' && FRONT_ENDS.includes(dest)) return 'core-api imports no front end';
  // The contracts are the bottom layer both sides stand on: zod only, none of our workspaces.
  if (source === 'contracts' && dest !== 'contracts')
    return '@shambasoko/contracts imports none of our workspaces: it is zod only, for the API and the front ends alike';
  // API modules are independent: one uses another only through that module's index.ts (its public
  // interface). Tests may set up another module's data directly.
  const fromModule = apiModuleOf(from);
  const toModule = apiModuleOf(to);
  if (fromModule && toModule && fromModule[1] !== toModule[1] && !isTest(from) && !/^(index(\.ts)?)?$/.test(toModule[2] ?? '')) {
    return `API module "${fromModule[1]}" reaches into "${toModule[1]}/${toModule[2]}": use what modules/${toModule[1]}/index.ts offers (add it there), or a domain event`;
  }
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature[1] === toFeature[1] && fromFeature[2] !== toFeature[2]) {
    return `feature "${fromFeature[2]}" imports feature "${toFeature[2]}": move what both need to the remote's shared code, or compose them in src/pages/`;
  }
  return shellViolation(from, to);
}

export const boundariesRule = {
  meta: { type: 'problem', docs: { description: 'Import directions of the architecture' }, schema: [], messages: { forbidden: '{{why}}' } },
  create(context) {
    const from = path.relative(ROOT, context.filename);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const to = target(context.filename, source);
      if (to === null) return;
      const why = violation(from, to);
      if (why) context.report({ node, messageId: 'forbidden', data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
