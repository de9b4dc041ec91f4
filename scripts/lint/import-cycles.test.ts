import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';

// import-cycles.mjs is an ES module; jest here runs CommonJS, so it is asked in a child process.
const cycles = path.join(__dirname, 'import-cycles.mjs');
function groupsIn(dir: string): string[][] {
  const script = `const { importGraph, cyclicGroups } = await import(${JSON.stringify(cycles)});
    const groups = cyclicGroups(importGraph(${JSON.stringify(dir)}));
    console.log(JSON.stringify(groups.map((g) => [...g].map((f) => f.slice(${dir.length + 1})).sort())));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[][];
}

function fixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('import cycles', () => {
  it('finds a cycle closed through a lazy import()', () => {
    const dir = fixture({
      'app/area.tsx': "import { page } from '../pages/page';\nexport const area = page;",
      'pages/page.tsx': 'export const page = () => import(/* webpackChunkName: "x" */ \'../lib/start\');',
      'lib/start.ts': "export const start = () => import('../app/area');",
      'lib/alone.ts': "import { page } from '../pages/page';\nexport const alone = page;",
    });
    expect(groupsIn(dir)).toEqual([['app/area.tsx', 'lib/start.ts', 'pages/page.tsx']]);
  });

  it('finds cycles through re-exports and .js specifiers of ESM sources', () => {
    const dir = fixture({
      'a.ts': "export { b } from './b.js';\nexport const a = 1;",
      'b.ts': "import { a } from './a.js';\nexport const b = a;",
    });
    expect(groupsIn(dir)).toEqual([['a.ts', 'b.ts']]);
  });

  it('does not count type-only imports, which the build erases', () => {
    const dir = fixture({
      'a.ts': "import type { B } from './b';\nexport type A = B;\nexport const a = 1;",
      'b.ts': "import { a } from './a';\nexport type B = typeof a;\nexport { type A } from './a';",
    });
    expect(groupsIn(dir)).toEqual([]);
  });

  it('finds none in any package of the repo', () => {
    const run = spawnSync(process.execPath, [cycles], { encoding: 'utf8' });
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
  });
});
