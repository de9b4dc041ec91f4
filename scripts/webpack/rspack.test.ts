import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// create-config.mjs and rspack.mjs are ES modules; jest here runs CommonJS, so they run in a child Node process.
const ROOT = path.join(__dirname, '../..');

const node = (script: string, cwd = ROOT): string =>
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd, stdio: ['ignore', 'pipe', 'pipe'] });

describe("a remote's production build made by Rspack (the issue-43 trial, scripts/bench/rspack-trial.mjs)", () => {
  let out: string;
  beforeAll(() => {
    out = mkdtempSync(path.join(os.tmpdir(), 'shambasoko-rspack-test-'));
    node(
      `const { rspack, toRspack } = await import(${JSON.stringify(path.join(ROOT, 'scripts/webpack/rspack.mjs'))});
       const { default: configOf } = await import(${JSON.stringify(path.join(ROOT, 'mfe-legal/webpack.config.mjs'))});
       const [remote] = [configOf({}, { mode: 'production' })].flat();
       const compiler = rspack(toRspack({ ...remote, cache: false, output: { ...remote.output, path: ${JSON.stringify(out)} } }));
       await new Promise((resolve, reject) => compiler.run((error, stats) => (error || stats.hasErrors() ? reject(error ?? new Error(stats.toString('errors-only'))) : resolve())));`,
      path.join(ROOT, 'mfe-legal'),
    );
  }, 60_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("takes the shell's federation runtime, as webpack's build does, instead of bundling its own copy", () => {
    const entry = readFileSync(path.join(out, 'remoteEntry.js'), 'utf8');
    // The runtime core's error codes ("RUNTIME-001" …) come with its copy; the shared runtime's global key with ours.
    expect(entry).not.toMatch(/RUNTIME-00\d/);
    const { RUNTIME_GLOBAL_KEY } = JSON.parse(
      node(
        `const c = await import(${JSON.stringify(path.join(ROOT, 'scripts/webpack/shared-runtime/constants.mjs'))}); console.log(JSON.stringify(c));`,
      ),
    ) as { RUNTIME_GLOBAL_KEY: string };
    expect(entry).toContain(RUNTIME_GLOBAL_KEY);
    expect(Buffer.byteLength(entry)).toBeLessThan(25_000);
    expect(readdirSync(out)).toEqual(expect.arrayContaining(['mf-manifest.json', 'index.html']));
  });
});

describe('shareKeyOf', () => {
  const keys = (modules: unknown[]): unknown =>
    JSON.parse(
      node(
        `const { shareKeyOf } = await import(${JSON.stringify(path.join(ROOT, 'scripts/webpack/create-config.mjs'))});
         const modules = ${JSON.stringify(modules)}.map((m) => ({ ...m, identifier: () => m.id }));
         console.log(JSON.stringify(modules.map((m) => shareKeyOf(m) ?? null)));`,
      ),
    );

  it("reads a consume-shared module's key from webpack's options and from Rspack's identifier alike", () => {
    expect(
      keys([
        { type: 'consume-shared-module', options: { shareKey: '@shambasoko/shared/ui/tabs' }, id: 'consume-shared-module|default|…' },
        { type: 'consume-shared-module', options: null, id: 'consume shared module (default) @shambasoko/shared/ui/tabs@* (strict)' },
        { type: 'consume-shared-module', options: null, id: 'consume shared module (default) react@^18.3.1 (strict)' },
        { type: 'javascript/esm', options: null, id: '/work/mfe-market/src/page.tsx' },
      ]),
    ).toEqual(['@shambasoko/shared/ui/tabs', '@shambasoko/shared/ui/tabs', 'react', null]);
  });
});
