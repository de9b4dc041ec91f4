import { execFileSync } from 'node:child_process';
import path from 'node:path';

// create-config.mjs is an ES module; jest here runs CommonJS, so the case runs in a child Node process.
const ROOT = path.join(__dirname, '../..');

function cacheDirs(env: NodeJS.ProcessEnv): string[] {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const dirs = [];
       for (const app of ['shell', 'mfe-farm']) {
         const make = (await import(${JSON.stringify(ROOT)} + '/' + app + '/webpack.config.mjs')).default;
         for (const mode of ['production', 'development']) {
           const configs = [make({}, { mode })].flat();
           for (const c of configs) if (c.cache === false || c.cache?.cacheDirectory) dirs.push(c.cache === false ? 'none' : c.cache.cacheDirectory);
         }
       }
       console.log(JSON.stringify(dirs));`,
    ],
    { encoding: 'utf8', cwd: ROOT, env },
  );
  return JSON.parse(out) as string[];
}

const { CI: _ci, ...withoutCi } = process.env;

describe('webpack’s filesystem cache', () => {
  it('is not written on CI, where a clean clone builds once and never reads it', () => {
    const dirs = cacheDirs({ ...withoutCi, CI: 'true' });
    expect(dirs.length).toBeGreaterThanOrEqual(4);
    expect(new Set(dirs)).toEqual(new Set(['none']));
  });

  it('lives in .cache/webpack at the repository root, outside node_modules, so a reinstall keeps it', () => {
    const dirs = cacheDirs(withoutCi);
    expect(dirs.length).toBeGreaterThanOrEqual(4);
    for (const dir of dirs) expect(path.relative(path.join(ROOT, '.cache/webpack'), dir)).not.toMatch(/^\.\.|node_modules/);
  });
});
