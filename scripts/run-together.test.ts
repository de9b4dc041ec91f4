import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runner = path.join(__dirname, 'run-together.mjs');
// Each waits for a flag the other writes: both pass only if they run at the same time.
const waitFor = (flag: string) =>
  `node -e "const f=require('fs');const t=Date.now();(function p(){if(f.existsSync('${flag}'))process.exit(0);if(Date.now()-t>60000)process.exit(9);setTimeout(p,50)})()"`;
const touch = (flag: string) => `node -e "require('fs').writeFileSync('${flag}','')"`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'run-together-'));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'probe',
      private: true,
      scripts: {
        first: `${touch('first.flag')} && ${waitFor('second.flag')} && echo first done`,
        second: `${touch('second.flag')} && ${waitFor('first.flag')} && echo second done`,
        broken: `${touch('second.flag')} && echo broken output && exit 3`,
      },
    }),
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(...scripts: string[]) {
  const result = spawnSync(process.execPath, [runner, ...scripts], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout };
}

describe('run-together', () => {
  it('runs the scripts at the same time and passes when all pass, printing each one’s output whole', () => {
    const { code, out } = run('first', 'second');
    expect(code).toBe(0);
    expect(out).toMatch(/> first: passed in [\d.]+ s\nfirst done\n/);
    expect(out).toMatch(/> second: passed in [\d.]+ s\nsecond done\n/);
  });

  it('fails when one fails, after the other has finished', () => {
    const { code, out } = run('first', 'broken');
    expect(code).toBe(1);
    expect(out).toMatch(/> broken: failed \(3\) in [\d.]+ s\nbroken output\n/);
    expect(out).toMatch(/> first: passed in [\d.]+ s\nfirst done\n/);
  });
});
