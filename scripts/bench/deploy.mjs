// Time from `npm run deploy -- market` to live and from `npm run rollback -- market` to live:
// live means the shell's /remotes.json (served from the registry) names the new version.
// Needs the stack running (`npm start`). `--from <dir>` skips the build (deploys a built folder).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../apps.mjs';

const SHELL = process.env.SHELL_ORIGIN ?? 'http://localhost:3000';
const args = process.argv.slice(2);
const remote = 'market';

async function liveVersion() {
  const manifest = await (await fetch(`${SHELL}/remotes.json`, { cache: 'no-store' })).json();
  return manifest.remotes.find((r) => r.name === remote)?.version ?? null;
}

function run(script, extra) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/deploy.mjs'), ...extra, remote], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited ${code}`))));
  });
}

async function timeUntilLive(label, extra, differentFrom) {
  const started = performance.now();
  await run(label, extra);
  while ((await liveVersion()) === differentFrom) await new Promise((r) => setTimeout(r, 50));
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label} → live: ${seconds.toFixed(2)} s (now ${await liveVersion()})`);
  return seconds;
}

const before = await liveVersion();
await timeUntilLive('deploy', args, before);
const deployed = await liveVersion();
await timeUntilLive('rollback', ['--rollback'], deployed);
