import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// signed-in-pages.mjs is an ES module; jest here runs CommonJS, so each case runs in a child Node process.
const pagesModule = path.join(__dirname, 'signed-in-pages.mjs');
const ROOT = path.join(__dirname, '../..');

function run(script: string): unknown {
  const out = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `const m = await import(${JSON.stringify(pagesModule)});\n${script}`],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out);
}

/** The top-level path of every route a remote's routes.tsx declares (`path: '/x'`, `page('/x', …)`, `routeSection('/x', …)`). */
function routedPaths(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  return [...source.matchAll(/(?:path: |page\(\s*|routeSection\(\s*)'(\/[^']*)'/g)].map((m) => m[1]);
}

describe('bench:bundle --signed-in', () => {
  it('opens every page the farm and market remotes route', () => {
    const measured = run(`console.log(JSON.stringify(m.SIGNED_IN_PAGES.map((p) => new URL(p.path, 'http://x').pathname)))`) as string[];
    const routed = [...routedPaths('mfe-farm/src/routes.tsx'), ...routedPaths('mfe-market/src/routes.tsx')];
    expect(routed.length).toBeGreaterThan(15);
    const opened = (route: string) => measured.some((p) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`).test(p));
    expect(routed.filter((route) => !opened(route))).toEqual([]);
    expect(measured).toEqual(
      expect.arrayContaining(['/', '/checkout', '/orders', '/dashboard', '/farms', '/activities', '/budget', '/seller/sales']),
    );
  });

  it('holds / to 90 kB and every other page to 150 kB, and flags a page over', () => {
    const out = run(`console.log(JSON.stringify([
      m.verdict({ path: '/', gzip: 90000 }), m.verdict({ path: '/', gzip: 90001 }),
      m.verdict({ path: '/farms', gzip: 150000 }), m.verdict({ path: '/farms', gzip: 150001 }),
    ].map((v) => v.over)))`);
    expect(out).toEqual([false, true, false, true]);
  });

  it('prints which pages are over budget', () => {
    const out = run(`console.log(JSON.stringify(m.signedInTable([
      { path: '/', requests: 4, raw: 250000, gzip: 85000 },
      { path: '/farms', requests: 14, raw: 600000, gzip: 194800 },
    ])))`) as string;
    expect(out).toMatch(/\/farms .*194\.8 kB .*OVER 150\.0 kB/);
    expect(out).toMatch(/^\/ .*85\.0 kB .*ok/m);
    expect(out).toMatch(/1 of 2 pages over budget: \/farms$/);
  });

  it('stores a session the session store takes, in the role asked for', () => {
    const out = run(`console.log(JSON.stringify(m.storedSession('Supplier')))`) as {
      state: { role: string; user: { roles: string[] } };
      version: number;
    };
    expect(out.version).toBe(1);
    expect(out.state.role).toBe('Supplier');
    expect(out.state.user.roles).toContain('Supplier');
  });
});
