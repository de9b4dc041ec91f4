import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The shared router and query libraries are trimmed facades: importing a name they do not
// re-export would be undefined at run time. This test keeps the facades and the code in step.
const root = path.resolve(__dirname, '../..');
const facades: Record<string, string> = {
  'react-router-dom': 'react-router.mjs',
  'react-router': 'react-router.mjs',
  '@tanstack/react-query': 'react-query.mjs',
};

function exportsOf(file: string): Set<string> {
  const text = readFileSync(path.join(__dirname, 'facades', file), 'utf8');
  const list = /export \{([^}]+)\}/.exec(text)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    // Test-support folders are only imported by tests, which run on the real libraries.
    if (statSync(full).isDirectory()) return ['node_modules', 'test', 'testing'].includes(name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const appDirs = ['shell', 'mfe-auth', 'mfe-market', 'mfe-farm', 'mfe-legal', 'shared'].map((d) => path.join(root, d, 'src'));

describe('shared library facades', () => {
  it('re-export every name our code imports from the router and query libraries', () => {
    const missing: string[] = [];
    for (const file of appDirs.flatMap(sourceFiles)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'([^']+)'/g)) {
        const [, names = '', from = ''] = match;
        const facade = facades[from];
        if (!facade || /^import\s+type/.test(match[0])) continue;
        const available = exportsOf(facade);
        for (const raw of names.split(',')) {
          const name = raw.trim().replace(/\s+as\s+\w+$/, '');
          if (name && !name.startsWith('type ') && !available.has(name)) missing.push(`${path.relative(root, file)}: ${name} from ${from}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('is used for namespace or default imports nowhere (they would bypass the list)', () => {
    // The shell's federation instance offers each facade whole to the remotes: that namespace is the list.
    const offersFacades = path.join(root, 'shell/src/features/remotes/federation.ts');
    const offenders = appDirs
      .flatMap(sourceFiles)
      .filter((file) => file !== offersFacades)
      .filter((file) =>
        /import\s+(\*\s+as\s+\w+|\w+)\s+from\s+'(react-router-dom|react-router|@tanstack\/react-query)'/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
