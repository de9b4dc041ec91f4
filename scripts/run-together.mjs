// `npm test`'s first step: runs the named npm scripts at the same time (type check and lint: each
// mostly holds one core, and CI has two), each one's output kept whole and printed when it ends, so
// two logs never interleave. Fails, after all have ended, if any failed.
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** @param {string[]} scripts npm script names @returns {Promise<number>} the exit code */
export async function runTogether(scripts, { npm = process.env.npm_execpath, out = process.stdout } = {}) {
  const command = npm ? [process.execPath, [npm]] : ['npm', []];
  const results = await Promise.all(
    scripts.map(
      (name) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command[0], [...command[1], 'run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
          let log = '';
          child.stdout.on('data', (d) => (log += d));
          child.stderr.on('data', (d) => (log += d));
          child.on('error', (error) => {
            out.write(`> ${name}: ${String(error)}\n`);
            resolve({ name, code: 1 });
          });
          child.on('close', (code) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            out.write(`> ${name}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s\n${log}`);
            resolve({ name, code: code ?? 1 });
          });
        }),
    ),
  );
  return results.some((r) => r.code !== 0) ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await runTogether(process.argv.slice(2)));
}
