import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const REPO_ROOT = path.resolve(__dirname, '..');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.data', '.git', 'test-results', 'playwright-report']);
/** Names that are repo paths even without a file extension. */
const TOP_LEVEL = /^(contracts|core-api|shared|scripts|mfe-[a-z]+|shell|e2e|deploy)\//;
const FILE_LIKE = /\/[^/]*\.[A-Za-z0-9]{1,8}$/;
const WORKSPACES = new Set(
  (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces,
);

/**
 * Paths a README names on purpose although they do not exist (any more), each with why. Keep it short:
 * a stale path is better fixed in the README.
 */
const ALLOWED: Record<string, string> = {};

/** Every file and folder of the repo, relative to its root with `/` separators (build output and dependencies left out). */
function repoEntries(folder = REPO_ROOT, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory() && (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.'))) continue;
    const full = path.join(folder, entry.name);
    found.push(path.relative(REPO_ROOT, full).split(path.sep).join('/'));
    if (entry.isDirectory()) repoEntries(full, found);
  }
  return found;
}

/** What a README names: the words of its `code` spans and its relative link targets. */
function namedPaths(markdown: string): string[] {
  const names: string[] = [];
  // Fenced blocks are commands and output, not references.
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, code] of prose.matchAll(/`([^`\n]+)`/g)) names.push(...(code ?? '').split(/\s+/));
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) if (target) names.push(target);
  return names.map(cleaned).filter((name): name is string => name !== undefined && looksLikeRepoPath(name));
}

function cleaned(name: string): string | undefined {
  const bare = name
    .replace(/^[("'[]+/, '')
    .replace(/[)"',;:.\]]+$/, '')
    .replace(/#.*$/, '')
    .replace(/:\d+(-\d+)?$/, '');
  return bare === '' ? undefined : bare.replace(/^\.\//, '');
}

function looksLikeRepoPath(name: string): boolean {
  // URLs, absolute (HTTP route) paths, placeholders, globs, packages, home folders, code and build
  // output (made by `npm run build`, absent from a fresh clone) are not checked.
  if (/^[a-z]+:/i.test(name) || name.startsWith('/') || name.startsWith('~') || name.startsWith('@')) return false;
  if (/[<>{}*$=?|()]/.test(name) || /(^|\/):/.test(name) || /(^|\/)dist(\/|$)/.test(name) || /^[A-Z_]+\//.test(name)) return false;
  if (!name.includes('/')) return false;
  return TOP_LEVEL.test(name) || FILE_LIKE.test(name);
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** This file's own comments and examples talk about paths; they are not references. */
const SELF = path.relative(REPO_ROOT, __filename).split(path.sep).join('/');
/** Folders .gitignore names (build output, screenshots): a comment may say where output goes. */
const IGNORED_FOLDERS = fs
  .readFileSync(path.join(REPO_ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => /^[\w.-]+(\/[\w.-]+)*\/$/.test(line));

/** Every comment of a source file, found by the TypeScript parser (so `//` in a string or URL is no comment). */
function commentsOf(file: string, text: string): string[] {
  const kind = /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const found: string[] = [];
  const take = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      found.push(text.slice(range.pos, range.end));
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  take(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return found;
}

/**
 * What a comment names: its `code` words, and bare words that start at a top-level folder of the repo
 * (`shared/src/offline/outbox.ts`); both then pass the README test's rules.
 */
function commentPaths(comment: string): string[] {
  const words = new Set<string>();
  for (const [, code] of comment.matchAll(/`([^`\n]+)`/g)) for (const word of (code ?? '').split(/\s+/)) words.add(word);
  for (const word of comment.split(/[\s`]+/)) if (TOP_LEVEL.test(word.replace(/^[("'[]+/, ''))) words.add(word);
  return [...words]
    .map((word) => cleaned(word.replace(/'s$/, '')))
    .filter((name): name is string => name !== undefined && looksLikeRepoPath(name))
    .filter((name) => !IGNORED_FOLDERS.some((folder) => name.startsWith(folder)));
}

/**
 * From the README's folder or the repo root; or, as READMEs name files by their last folders
 * (`providers/daraja.ts` in core-api/README.md), any file of the README's workspace ending so
 * (of the repo, for READMEs outside the workspaces).
 */
function exists(entries: string[], readme: string, name: string): boolean {
  if ([path.dirname(readme), REPO_ROOT].some((base) => fs.existsSync(path.resolve(base, name)))) return true;
  if (name.startsWith('../')) return false;
  const where = path.relative(REPO_ROOT, readme).split(path.sep);
  const workspace = where.length > 1 && WORKSPACES.has(where[0] ?? '') ? `${where[0]}/` : '';
  return entries.some((entry) => entry.startsWith(workspace) && entry.endsWith(`/${name}`));
}

describe('README paths', () => {
  const entries = repoEntries();
  const files = entries
    .filter((entry) => entry === 'README.md' || entry.endsWith('/README.md'))
    .map((entry) => path.join(REPO_ROOT, entry));

  it('finds the READMEs', () => {
    expect(files.map((file) => path.relative(REPO_ROOT, file))).toEqual(
      expect.arrayContaining(['README.md', 'core-api/README.md', 'mfe-market/README.md', 'scripts/bench/README.md']),
    );
  });

  it('names only files and folders that exist', () => {
    const stale: string[] = [];
    for (const file of files) {
      const where = path.relative(REPO_ROOT, file);
      for (const name of new Set(namedPaths(fs.readFileSync(file, 'utf8')))) {
        if (!exists(entries, file, name) && ALLOWED[`${where}: ${name}`] === undefined) stale.push(`${where}: ${name}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('recognises what looks like a path, and nothing else', () => {
    expect(
      namedPaths(
        [
          'See `core-api/src/app.ts`, [the market](../mfe-market/README.md#run) and `npx tsx core-api/src/server.ts`.',
          'Not paths: `/v1/products`, `https://example.com/a.js`, `10.0.0.0/8`, `<dataDir>/db.lock`, `text/html`, `src/**/*.ts`.',
          '```sh\nnode scripts/nowhere.mjs\n```',
        ].join('\n'),
      ),
    ).toEqual(['core-api/src/app.ts', 'core-api/src/server.ts', '../mfe-market/README.md']);
  });
});

describe('code comment paths', () => {
  const entries = repoEntries();
  const sources = entries.filter((entry) => SOURCE.test(entry) && entry !== SELF);

  it('reads the comments of every source file', () => {
    expect(sources).toEqual(expect.arrayContaining(['core-api/src/server.ts', 'shell/src/sw.ts', 'scripts/start.mjs']));
  });

  it('names only files and folders that exist', () => {
    const stale: string[] = [];
    for (const source of sources) {
      const file = path.join(REPO_ROOT, source);
      for (const comment of commentsOf(source, fs.readFileSync(file, 'utf8'))) {
        for (const name of commentPaths(comment)) if (!exists(entries, file, name)) stale.push(`${source}: ${name}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('finds paths in comments only, and the bare ones by their top-level folder', () => {
    const text = [
      "const url = 'http://x/core-api/gone.ts'; // see shared/src/gone.ts and `providers/gone.ts`",
      "/** Not paths: `GET <path>/export.csv`, e2e/screenshots/market, text/html; core-api/src's words. */",
      "const s = '// shell/src/not-a-comment.ts';",
    ].join('\n');
    const names = commentsOf('x.ts', text).flatMap(commentPaths);
    expect(names).toEqual(['providers/gone.ts', 'shared/src/gone.ts', 'core-api/src']);
  });
});
