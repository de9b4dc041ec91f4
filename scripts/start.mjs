// `npm start`: runs the auth emulator, the payments sandbox and the core API while it builds what is stale
// (start-order.mjs), then a static server per app; waits until all are healthy and prints the one URL to
// open. Ctrl-C stops everything.
// `npm run dev` runs webpack dev servers (live reload) instead of the production bundles.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APPS, AUTH_EMULATOR, CORE_API_PORT, DEMO, FIREBASE_PROJECT_ID, PAYMENTS_SANDBOX_PORT, ROOT, S3_STAND_IN_PORT } from './apps.mjs';
import { buildApps } from './build.mjs';
import { contentSecurityPolicy, createRemoteOriginsCache } from './csp.mjs';
import { deploy, deployConfig, registerShell } from './deploy.mjs';
import { storeDir } from './deploy/store.mjs';
import { createStaticServer } from './serve-static.mjs';
import { createPageFrame } from './page-frame.mjs';
import { createPageHints, readHeadStart } from './page-hints.mjs';
import { retryOnNetworkError, splitBuild, startInOrder } from './start-order.mjs';

const dev = process.argv.includes('--dev');
/**
 * The apps a first visit needs, served (and the URL printed) as soon as they are built; the others
 * follow when their builds end. `--wait-for-all` (the browser tests) serves every app at once instead.
 */
const FIRST_APPS = process.argv.includes('--wait-for-all') ? APPS.map((app) => app.dir) : ['shell', 'mfe-auth', 'mfe-market'];
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
const authDir = path.join(dataDir, 'auth');
const apiOrigin = `http://127.0.0.1:${CORE_API_PORT}`;
const sandboxOrigin = `http://127.0.0.1:${PAYMENTS_SANDBOX_PORT}`;
const s3Origin = `http://127.0.0.1:${S3_STAND_IN_PORT}`;
/** The stand-in's public account (s3rver's built-in one); a real bucket's keys come from the environment. */
const S3_ENV = {
  S3_ENDPOINT: s3Origin,
  S3_BUCKET: 'shambasoko-photos',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
};
const children = [];
const servers = [];
let stopping = false;
const started = Date.now();

const log = (message) => console.log(`[start] ${message}`);
// The services start while the front ends build on the same cores, so each may take several times longer than alone.
const SERVICE_START_MS = 240_000;

function startChild(name, command, args, env = {}, dir = '.') {
  const child = spawn(command, args, {
    cwd: path.join(ROOT, dir),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping everything`);
      void stop(1);
    }
  });
  children.push({ name, child });
  return child;
}

function runToEnd(name, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}`))));
  });
}

async function waitFor(name, url, isReady, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopping');
    try {
      const response = await fetch(url);
      if (await isReady(response)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} did not become ready at ${url} within ${timeoutMs / 1000} s`);
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await Promise.all(servers.map((s) => s.close()));
  // SIGINT lets the emulator export its accounts and the API release its database lock.
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (exited(child)) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGINT');
        }),
    ),
  );
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/**
 * The seeded demo farmer and the seeded sellers (core-api/seed/market/seller-accounts.json) must be
 * able to sign in on a fresh install (their data is seeded by the API). Addresses are marked
 * confirmed: the API lets only a confirmed address claim a seeded row.
 */
async function ensureSeededAccounts() {
  const sellers = JSON.parse(readFileSync(path.join(ROOT, 'core-api', 'seed', 'market', 'seller-accounts.json'), 'utf8'));
  // Independent accounts: the emulator takes them side by side, so start-up waits for the slowest only.
  await Promise.all([
    ensureEmulatorAccount(DEMO),
    ...sellers.accounts.map((a) => ensureEmulatorAccount({ email: a.email, password: sellers.password, name: `${a.first} ${a.last}` })),
  ]);
}

async function ensureEmulatorAccount({ email, password, name }) {
  const base = `http://${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1`;
  const post = (url, body, headers = {}) =>
    retryOnNetworkError(() =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    );
  const response = await post(`${base}/accounts:signUp?key=local`, { email, password, displayName: name });
  if (!response.ok && !(await response.text()).includes('EMAIL_EXISTS')) throw new Error(`could not create ${email} in the auth emulator`);
  const signedIn = await post(`${base}/accounts:signInWithPassword?key=local`, { email, password, returnSecureToken: true });
  if (!signedIn.ok) throw new Error(`could not sign in to ${email} in the auth emulator`);
  const { localId } = await signedIn.json();
  // The emulator takes admin calls with the token "owner".
  const verified = await post(
    `${base}/projects/${FIREBASE_PROJECT_ID}/accounts:update`,
    { localId, emailVerified: true },
    { authorization: 'Bearer owner' },
  );
  if (!verified.ok) throw new Error(`could not confirm ${email} in the auth emulator`);
}

/**
 * Registers the built shell's shared versions (when `apps` holds the shell), then each remote's
 * current dist/ (no rebuild). A version new to the store goes live; a known one leaves the live
 * choice alone, so a product owner's rollback survives a restart. A refused remote is reported and
 * the stack keeps running. Returns each registered remote's live version.
 */
async function registerBuilds(apps) {
  const liveVersions = new Map();
  const config = deployConfig({ ...process.env, DATA_DIR: dataDir, CORE_API_ORIGIN: apiOrigin });
  if (apps.some((app) => app.dir === 'shell')) {
    try {
      await registerShell({ config });
    } catch (error) {
      console.error(`[start] the shell's shared versions were not registered: ${error.message}`);
    }
  }
  for (const app of apps) {
    if (app.dir === 'shell') continue;
    try {
      const result = await deploy({ remote: app.name, from: path.join(ROOT, app.dir, 'dist'), live: 'if-new', config });
      log(`${app.name} ${result.version}${result.copied ? ' registered' : ''}; live ${result.live}`);
      if (typeof result.live === 'string') liveVersions.set(app.name, result.live);
    } catch (error) {
      console.error(`[start] ${app.name} was not registered: ${error.message}`);
    }
  }
  return liveVersions;
}

/** API_PROCESSES=N runs N API processes (node:cluster); refused at once on the embedded database. */
function checkApiProcesses() {
  const processes = Number(process.env.API_PROCESSES?.trim() || '1');
  if (processes > 1 && !process.env.DATABASE_URL?.trim()) {
    console.error(
      `[start] API_PROCESSES=${process.env.API_PROCESSES} needs DATABASE_URL: the embedded database can be opened by one process only.`,
    );
    process.exit(1);
  }
  if (processes > 1) log(`core API: ${processes} processes on port ${CORE_API_PORT}, sharing PostgreSQL`);
}

async function main() {
  checkApiProcesses();
  mkdirSync(authDir, { recursive: true });

  /** @type {Promise<void>} */
  let apiStarted = Promise.resolve();
  const startServices = () => {
    const emulatorArgs = ['emulators:start', '--only', 'auth', '--project', FIREBASE_PROJECT_ID, '--export-on-exit', authDir];
    if (existsSync(path.join(authDir, 'firebase-export-metadata.json'))) emulatorArgs.push('--import', authDir);
    // The preload makes the emulator compile its request validators on first use (auth-emulator-lazy.cjs).
    const firebase = [
      '--require',
      path.join(ROOT, 'scripts/auth-emulator-lazy.cjs'),
      path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
    ];
    startChild('auth-emulator', process.execPath, [...firebase, ...emulatorArgs], {
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    });

    // Stand-in for M-Pesa (Daraja) and the card gateway; it starts in about a second, alongside the emulator.
    startChild('payments-sandbox', process.execPath, ['--import', 'tsx', path.join(ROOT, 'core-api/sandbox/main.ts')], {
      PAYMENTS_SANDBOX_PORT: String(PAYMENTS_SANDBOX_PORT),
      // It also plays Africa's Talking's SMS API; delivery reports go to the API's development address.
      SMS_DELIVERY_REPORT_URL: `${apiOrigin}/v1/notices/sms/delivery/dev-sms-delivery-token`,
    });

    // Photos go to a bucket, as in production, so API_PROCESSES=N share them; objects stay in <DATA_DIR>/s3.
    startChild('s3-stand-in', process.execPath, ['--import', 'tsx', path.join(ROOT, 'core-api/sandbox/s3-main.ts')], {
      ...S3_ENV,
      S3_STAND_IN_PORT: String(S3_STAND_IN_PORT),
      S3_STAND_IN_DIR: path.join(dataDir, 's3'),
    });

    // The API needs neither the emulator nor the sandbox at start (it checks tokens with the emulator per
    // request), so it starts with them, once an older install's disk photos are in the bucket.
    apiStarted = (async () => {
      // Any HTTP answer (s3rver lists buckets only for a signed request) means it is listening.
      await waitFor('S3 stand-in', s3Origin, () => true, SERVICE_START_MS);
      await runToEnd('photos:to-bucket', [path.join(ROOT, 'core-api/scripts/photos-to-bucket.ts')], { ...S3_ENV, DATA_DIR: dataDir });
      startChild('core-api', process.execPath, ['--import', 'tsx', path.join(ROOT, 'core-api/src/server.ts')], {
        // The API refuses to start without NODE_ENV. This stack runs the Auth emulator and the seeded
        // demo personas, so it is development whatever the shell says (production would refuse both).
        NODE_ENV: 'development',
        PORT: String(CORE_API_PORT),
        DATA_DIR: dataDir,
        FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR,
        FIREBASE_PROJECT_ID,
        ...S3_ENV,
      });
    })();
    // Awaited by servicesReady; this keeps an early failure from counting as unhandled meanwhile.
    apiStarted.catch(() => {});
  };

  const servicesReady = async () => {
    await waitFor(
      'auth emulator',
      `http://${AUTH_EMULATOR}/`,
      async (r) => r.ok && (await r.json())?.authEmulator?.ready === true,
      SERVICE_START_MS,
    );
    log('auth emulator ready');
    await Promise.all([
      ensureSeededAccounts(),
      waitFor('payments sandbox', `${sandboxOrigin}/health`, (r) => r.ok),
      apiStarted.then(() => waitFor('core API', `${apiOrigin}/health`, (r) => r.ok, SERVICE_START_MS)).then(() => log('core API ready')),
    ]);
  };

  const firstApps = APPS.filter((app) => dev || FIRST_APPS.includes(app.dir));
  const laterApps = APPS.filter((app) => !firstApps.includes(app));
  await startInOrder({
    startServices,
    build: () =>
      dev
        ? { first: Promise.resolve(), rest: Promise.resolve() }
        : splitBuild(
            (onBuilt) =>
              buildApps({
                log,
                onBuilt: (dir) => {
                  builtDirs.add(dir);
                  onBuilt(dir);
                },
              }),
            FIRST_APPS,
          ),
    servicesReady,
    serveApps: () => serveApps(firstApps, { ready: true }),
    serveRest: async () => {
      if (laterApps.length === 0) return;
      await serveApps(laterApps, { ready: false });
      log(`${laterApps.map((app) => app.dir).join(', ')} served too, ${((Date.now() - started) / 1000).toFixed(1)} s after the start`);
    },
  });
}

/** What the static servers share: the remote registry's origins (for the CSP) and the first visit's page hints. */
let shared;
/** The apps whose bundles are current (built, or up to date). */
const builtDirs = new Set();

/** Serves `apps`; the first call (`ready`) also prints the URL to open. */
async function serveApps(apps, { ready }) {
  if (dev) {
    for (const app of apps) {
      startChild(
        app.dir,
        process.execPath,
        [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development', '--no-hot'],
        {},
        app.dir,
      );
    }
  } else {
    const liveVersions = await registerBuilds(apps);
    if (!shared) {
      const originsCache = createRemoteOriginsCache({ apiOrigin });
      await originsCache.start();
      shared = {
        originsCache,
        // Read per page request: the CSP follows the registry's latest manifest.
        csp: async () => contentSecurityPolicy({ remotes: await originsCache.fresh(), identityEmulator: `http://${AUTH_EMULATOR}` }),
        // A first visit's page carries the manifest and preloads the owning remote's code (page-hints.mjs).
        pageHints: createPageHints({
          manifest: originsCache.manifest,
          headStart: readHeadStart(path.join(ROOT, 'shell/dist')),
          apiOrigin,
        }),
        // …and paints the shell's loading frame before any of its code has run (page-frame.mjs).
        pageFrame: createPageFrame({ manifest: originsCache.manifest }),
      };
    }
    const { originsCache, csp, pageHints, pageFrame } = shared;
    const warmups = [];
    for (const app of apps) {
      const dist = path.join(ROOT, app.dir, 'dist');
      const shell = app.dir === 'shell';
      const server = createStaticServer({
        roots: [dist, path.join(ROOT, app.dir, 'public')],
        port: app.port,
        apiOrigin,
        csp,
        versionsDir: shell ? undefined : path.join(storeDir(dataDir), app.name),
        manifest: shell ? { path: '/remotes.json', onManifest: originsCache.update } : undefined,
        pageHints: shell ? pageHints : undefined,
        pageFrame: shell ? pageFrame : undefined,
      });
      await server.listen();
      servers.push(server);
      warmups.push(() =>
        server.warm(shell || !liveVersions.has(app.name) ? dist : path.join(storeDir(dataDir), app.name, liveVersions.get(app.name))),
      );
    }
    // What a first visit asks for is compressed before anyone asks (serve-static.mjs), in the background.
    void (async () => {
      for (const warmup of warmups) await warmup();
    })();
  }

  for (const app of apps) await waitFor(app.dir, `http://localhost:${app.port}/`, (r) => r.ok);
  if (!ready) return;
  const waiting = APPS.filter((app) => !apps.includes(app) && !builtDirs.has(app.dir)).map((app) => app.dir);
  log(
    `all services up in ${((Date.now() - started) / 1000).toFixed(1)} s${waiting.length > 0 ? `; ${waiting.join(', ')} still building, served when done` : ''}`,
  );
  console.log(
    `\nShambaSoko is ready at http://localhost:3000\n\nDemo farmer: ${DEMO.email} / ${DEMO.password}\n` +
      `M-Pesa phone (payments sandbox): http://localhost:${PAYMENTS_SANDBOX_PORT}/phone\n` +
      `SMS inbox (payments sandbox): http://localhost:${PAYMENTS_SANDBOX_PORT}/sms?to=+2547…\n` +
      `Mail (payments sandbox): http://localhost:${PAYMENTS_SANDBOX_PORT}/mail\n`,
  );
}

main().catch((error) => {
  // A build the Ctrl-C stopped (farm and legal may still be building after the URL is printed) is no failure.
  if (stopping) return;
  console.error(`[start] ${error.message}`);
  void stop(1);
});
