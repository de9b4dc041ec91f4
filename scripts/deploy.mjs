// `npm run deploy -- market [--from <dir>] [--no-live]`: builds one remote (or takes a built folder),
// stores it as an immutable, content-addressed version and registers it with the core API, which
// checks it against the live shell and the other remotes before it goes live.
// `npm run rollback -- market`: back to the version live before the current one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS, CORE_API_PORT, ROOT } from './apps.mjs';
import { contentVersion, requiresFromManifest, storeVersion } from './deploy/store.mjs';

export class DeployError extends Error {}

export function deployConfig(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, '.data'));
  return { dataDir, apiOrigin: env.CORE_API_ORIGIN ?? `http://127.0.0.1:${CORE_API_PORT}`, env };
}

async function operatorToken({ env, dataDir }) {
  if (env.OPERATOR_TOKEN) return env.OPERATOR_TOKEN;
  try {
    return (await readFile(path.join(dataDir, 'operator-token'), 'utf8')).trim();
  } catch {
    throw new DeployError(`No operator token: set OPERATOR_TOKEN or start the API once (it writes ${dataDir}/operator-token).`);
  }
}

/** The origin a remote's versions are served from: its static server, unless the environment says otherwise. */
export function remoteOrigin(app, env = process.env) {
  return env[`${app.name.toUpperCase()}_PUBLIC_ORIGIN`] ?? env.REMOTE_PUBLIC_ORIGIN ?? `http://localhost:${app.port}`;
}

function findApp(name) {
  const app = APPS.find((a) => a.name === name && a.dir !== 'shell');
  if (!app)
    throw new DeployError(
      `Unknown remote "${name}". Remotes: ${APPS.filter((a) => a.dir !== 'shell')
        .map((a) => a.name)
        .join(', ')}.`,
    );
  return app;
}

async function post(config, urlPath, body, fetcher) {
  const response = await fetcher(`${config.apiOrigin}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': await operatorToken(config) },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok || answer?.header?.isSuccess === false)
    throw new DeployError(answer?.header?.customerMessage ?? `The API answered ${response.status}.`);
  return answer?.body;
}

function buildInto(app, outDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--output-path', outDir],
      { cwd: path.join(ROOT, app.dir), env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new DeployError(`The ${app.dir} build failed (exit ${code}).`))));
  });
}

/**
 * @param {{ remote: string, from?: string, live?: boolean | 'if-new', config?: ReturnType<typeof deployConfig>, fetcher?: typeof fetch }} o
 */
export async function deploy({ remote, from, live = true, config = deployConfig(), fetcher = fetch }) {
  const app = findApp(remote);
  const times = {};
  let mark = Date.now();
  const lap = (name) => {
    times[name] = Date.now() - mark;
    mark = Date.now();
  };
  let dir = from ? path.resolve(from) : await mkdtemp(path.join(os.tmpdir(), `deploy-${remote}-`));
  try {
    // Never built in place: the served dist/ and stored versions stay as they are.
    if (!from) await buildInto(app, dir);
    if (!existsSync(path.join(dir, 'remoteEntry.js'))) throw new DeployError(`${dir} has no remoteEntry.js: not a built remote.`);
    lap('build');
    const { version, sizeBytes } = await contentVersion(dir);
    const copied = await storeVersion(config.dataDir, remote, version, dir);
    lap('copy');
    const mfManifest = JSON.parse(await readFile(path.join(dir, 'mf-manifest.json'), 'utf8').catch(() => '{}'));
    const declared = JSON.parse(await readFile(path.join(ROOT, app.dir, 'remote.json'), 'utf8'));
    const request = {
      version,
      entry: `${remoteOrigin(app, config.env)}/v/${version}/remoteEntry.js`,
      builtAt: new Date(mfManifest?.metaData?.buildInfo?.buildTime ?? Date.now()).toISOString(),
      sizeBytes,
      requires: requiresFromManifest(mfManifest),
      mounts: declared.mounts ?? [],
      menu: declared.menu ?? [],
      // The console's human name and description, in English and Kiswahili.
      ...(declared.title ? { title: declared.title } : {}),
      ...(declared.description ? { description: declared.description } : {}),
      // 'if-new': only a version the store did not hold yet goes live (start-up).
      makeLive: live === 'if-new' ? copied : live,
    };
    const registered = await post(config, `/v1/deploys/${remote}`, request, fetcher);
    lap('register');
    return { version, copied, live: registered?.live ?? null, times, request };
  } finally {
    if (!from) await rm(dir, { recursive: true, force: true });
    dir = null;
  }
}

export async function rollback({ remote, config = deployConfig(), fetcher = fetch }) {
  findApp(remote);
  const registered = await post(config, `/v1/deploys/${remote}/rollback`, {}, fetcher);
  return { live: registered?.live ?? null };
}

/** Tells the registry what the built shell provides (dist/shared-versions.json). */
export async function registerShell({ config = deployConfig(), fetcher = fetch, distDir = path.join(ROOT, 'shell/dist') } = {}) {
  const provides = JSON.parse(await readFile(path.join(distDir, 'shared-versions.json'), 'utf8'));
  const { version } = await contentVersion(distDir);
  await post(config, '/v1/deploys/shell', { version, provides }, fetcher);
  return { version, provides };
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function cli(argv) {
  const isRollback = argv.includes('--rollback');
  const args = argv.filter((a) => a !== '--rollback');
  const remote = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--from');
  if (!remote) throw new DeployError('Usage: npm run deploy -- <remote> [--from <dir>] [--no-live] | npm run rollback -- <remote>');
  const started = Date.now();
  if (isRollback) {
    const { live } = await rollback({ remote });
    console.log(`${remote}: live version is now ${live} (${seconds(Date.now() - started)})`);
    return;
  }
  const fromIndex = args.indexOf('--from');
  const result = await deploy({ remote, from: fromIndex >= 0 ? args[fromIndex + 1] : undefined, live: !args.includes('--no-live') });
  const { build, copy, register } = result.times;
  console.log(`${remote} ${result.version}${result.copied ? '' : ' (already stored)'}; live: ${result.live}`);
  console.log(`build ${seconds(build)}, copy ${seconds(copy)}, register ${seconds(register)}; total ${seconds(Date.now() - started)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  cli(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof DeployError ? error.message : error);
    process.exit(1);
  });
}
