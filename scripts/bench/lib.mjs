// Shared plumbing of the API benchmarks: seed a database, start the real core API on a free
// loopback port, drive it with autocannon, clean up (processes, clusters, temp folders) whatever happens.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { findPostgresBin, freePort, startCluster } from '../postgres-cluster.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const JWT_SECRET = `bench-${randomUUID()}`;
export { freePort };

const cleanups = [];
/** Runs on normal end, on error and on Ctrl+C, newest first. */
export function onCleanup(action) {
  cleanups.push(action);
}
export async function cleanup() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error('cleanup:', error.message);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

/**
 * Our access token (HS256, same shape as core-api/src/auth/tokens.ts), valid 15 minutes. `sessionId`
 * must be a live auth_sessions row of the user (the seed makes one per user: `ids.sessions`).
 */
export function signToken(userId, sessionId, secret = JWT_SECRET) {
  const b64 = (value) => Buffer.from(value).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify({ sub: userId, fam: sessionId, iat: now, exp: now + 900 }))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Engines to measure: embedded PGlite always; PostgreSQL when installed (BENCH_ENGINES=pglite,postgres narrows). */
export function engines() {
  const wanted = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const list = wanted.filter((e) => e === 'pglite' || (e === 'postgres' && findPostgresBin()));
  if (wanted.includes('postgres') && !findPostgresBin()) console.log('PostgreSQL not installed: measuring the embedded database only.');
  return list;
}

/** A fresh database for one engine: `{ env }` to give the seed and the server. */
export async function prepareDatabase(engine) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shambasoko-bench-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir };
  if (engine === 'postgres') {
    // Sized for a 2-core box: enough memory that the benchmark tables stay cached.
    const stats = process.env.BENCH_PG_STATS
      ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'top', 'pg_stat_statements.track_planning': 'on' }
      : {};
    const cluster = await startCluster({
      settings: { shared_buffers: '256MB', max_connections: 100, synchronous_commit: 'off', ...stats },
    });
    onCleanup(() => cluster.stop());
    env.DATABASE_URL = cluster.url;
  }
  return env;
}

function runChild(args, env, { onLine, timeoutMs }) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffer = '';
  const feed = (chunk) => {
    buffer += chunk.toString();
    let index;
    while ((index = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, index);
      buffer = buffer.slice(index + 1);
      onLine(line);
    }
  };
  child.stdout.on('data', feed);
  child.stderr.on('data', feed);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  child.on('exit', () => clearTimeout(timer));
  return child;
}

/** Seeds with scripts/bench/seed-db.ts and answers the ids it printed. */
export function seed(env, plan) {
  return new Promise((resolve, reject) => {
    let result;
    const started = Date.now();
    const child = runChild(['--import', 'tsx', 'scripts/bench/seed-db.ts', JSON.stringify(plan)], env, {
      timeoutMs: 240_000,
      onLine: (line) => {
        if (line.startsWith('SEED ')) result = JSON.parse(line.slice(5));
        else if (process.env.BENCH_VERBOSE || line.includes('rror')) console.log(`  [seed] ${line}`);
      },
    });
    child.on('exit', (code) => {
      if (code === 0 && result) {
        console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        resolve(result);
      } else reject(new Error(`seed failed (exit ${code})`));
    });
  });
}

/**
 * API process counts to measure: `--processes=1,3` (or BENCH_PROCESSES), default 1. More than one
 * runs `API_PROCESSES=N` (node:cluster workers on one port), on PostgreSQL only.
 */
export function processCounts() {
  const arg = process.argv.find((a) => a.startsWith('--processes='));
  const raw = arg ? arg.split('=')[1] : (process.env.BENCH_PROCESSES ?? '1');
  const counts = raw.split(',').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--processes takes whole numbers, e.g. 1,3 (got ${raw})`);
  return counts;
}

/** Starts core-api/src/server.ts on a free loopback port; answers `{ url, stop() }`. */
export async function startApi(env, extraEnv = {}) {
  const port = await freePort();
  // BENCH_CPU_PROF=<folder>: each API process writes a V8 CPU profile there when it stops (SIGTERM).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  // BENCH_NODE_FLAGS="--trace-gc …": more flags for each API process (its lines shown with BENCH_VERBOSE=1).
  const flags = process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean) : [];
  const child = runChild(
    [...profile, ...flags, '--import', 'tsx', 'core-api/src/server.ts'],
    {
      ...env,
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      // BENCH_LOG_LEVEL=info measures the request lines' cost (they go to a pipe read line by line).
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
      JWT_SECRET,
      FIREBASE_AUTH_EMULATOR_HOST: '',
    },
    {
      timeoutMs: 15 * 60_000,
      onLine: (line) => {
        if (line.includes('event-loop delay') || process.env.BENCH_VERBOSE || line.includes('rror')) console.log(`  [api] ${line}`);
      },
    },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // A process writing its CPU profile on the way out needs longer.
    const timer = setTimeout(() => child.kill('SIGKILL'), process.env.BENCH_CPU_PROF ? 60_000 : 10_000);
    await exited;
    clearTimeout(timer);
  };
  onCleanup(stop);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('core-api exited during start');
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('core-api did not start within 120 s');
}

/**
 * The bare Fastify hello-world row each API bench measures first, in the same run, for its ratios:
 * started, measured at the bench's duration (and warm-up), stopped and printed.
 */
export async function measureBare({ duration, warmup = 0 }) {
  const bare = await bareBaseline({ duration, warmup });
  await bare.stop();
  return bare.row;
}

/**
 * The bare row for benches whose rows run minutes apart: measured first like measureBare, then
 * again for a few seconds just before each API row (`beside()`), and each row's ratio taken to that
 * one. This machine's speed moves within a run (a bare hello-world gave 26,000 and 90,000 req/s the
 * same day), so a ratio to a bare row measured minutes earlier says as much about the host as about
 * the row. `--bare-beside=<s>` sets those seconds (default 3); `--bare-beside=0` uses the first
 * measurement for every row, as before.
 */
export async function bareBaseline({ duration, warmup = 0 }) {
  const bare = await startBareFastify();
  const requests = [{ method: 'GET', path: '/hello' }];
  const row = await measure('bare Fastify hello-world', { url: bare.url, duration, warmup, requests });
  console.log(`  bare Fastify: ${fmt.rps(row.reqPerSec)} req/s, p99 ${row.p99} ms`);
  const seconds = option('bare-beside', 3, { zero: true });
  return {
    row,
    /**
     * The bare row measured now (or the first one, with --bare-beside=0), once the API at `apiUrl`
     * has worked off the row before: its backlog would slow the bare row down.
     */
    async beside(apiUrl) {
      if (seconds === 0) return row;
      await settle(apiUrl);
      return measure('bare Fastify hello-world', { url: bare.url, duration: seconds, requests });
    },
    stop: bare.stop,
  };
}

/** A bare Fastify hello-world in its own process, for the ratio. */
export async function startBareFastify() {
  const port = await freePort();
  const code = `const app = require('fastify')(); app.get('/hello', async () => ({ hello: 'world' })); app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: path.join(ROOT, 'core-api'), stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };
  onCleanup(stop);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(`${url}/hello`);
      return { url, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('bare fastify did not start');
}

/**
 * Waits until the API has worked off what a previous run left queued (autocannon stops sending,
 * but requests already accepted still run): /health, which queries the database, answers fast twice.
 */
export async function settle(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let fast = 0;
  while (Date.now() < deadline && fast < 2) {
    const started = performance.now();
    await fetch(`${url}/health`).catch(() => undefined);
    fast = performance.now() - started < 50 ? fast + 1 : 0;
    if (fast < 2) await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * One autocannon run; `requests` cycle per connection (autocannon's sequence). Bounded by
 * duration and by `amount` (request count), after `warmup` untimed seconds of the same load.
 * Answers a row for the table.
 */
export async function measure(
  name,
  {
    url,
    requests,
    connections = 50,
    duration = 10,
    amount = 1_000_000,
    warmup = 0,
    expect = () => true,
    beforeTimed = () => {},
    alongside,
  },
) {
  await settle(url);
  // BENCH_ACCEPT_ENCODING=br (or gzip): every request asks for compressed answers, as a browser does.
  const headers = process.env.BENCH_ACCEPT_ENCODING ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING } : undefined;
  if (warmup > 0) {
    // Untimed, same load: V8 compiles the hot paths and every pooled connection prepares its
    // statements, so the timed run measures a server that has been up, not one that just started.
    await autocannon({ url, connections, duration: warmup, maxOverallRequests: amount, timeout: 30, requests, headers });
    await settle(url);
  }
  beforeTimed();
  // `alongside`: other requests, { connections, requests }, sent all through the timed run (from a second before it).
  const other =
    alongside &&
    autocannon({ url, connections: alongside.connections, duration: duration + 2, timeout: 30, requests: alongside.requests, headers });
  if (other) await new Promise((resolve) => setTimeout(resolve, 1_000));
  const result = await autocannon({
    url,
    connections,
    duration,
    // Not `amount`: it would replace the duration; this caps the request count alongside it.
    maxOverallRequests: amount,
    timeout: 30,
    requests,
    headers,
  });
  return {
    name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ok: expect(result),
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
    ...(other && {
      alongside: await other.then((r) => ({ reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors })),
    }),
  };
}

export function printTable(title, rows, columns) {
  console.log(`\n${title}\n`);
  const header = columns.map((c) => c.label);
  const lines = rows.map((row) => columns.map((c) => c.value(row)));
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

export const fmt = {
  rps: (n) => n.toFixed(0),
  ms: (n) => `${n.toFixed(0)} ms`,
};

/**
 * Latencies per kind of request in a timed run (from the request's setup to its answer, as autocannon's
 * own figure): a mix's p99 alone does not say who waits. `wrap(kind, request)` marks a request, `start()`
 * (a measure's beforeTimed) begins recording, `stop()` ends it and answers each kind's p50 and p99 in
 * whole ms.
 */
export function latencyByKind(kinds) {
  let waits = Object.fromEntries(kinds.map((kind) => [kind, []]));
  let recording = false;
  const percentiles = (list) => {
    const sorted = Float64Array.from(list).sort();
    const at = (q) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]));
    return { p50: at(0.5), p99: at(0.99) };
  };
  return {
    wrap: (kind, request) => ({
      ...request,
      setupRequest: (req, context) => {
        context.sentAt = performance.now();
        return request.setupRequest ? request.setupRequest(req, context) : req;
      },
      onResponse: (status, body, context) => {
        if (recording) waits[kind].push(performance.now() - context.sentAt);
      },
    }),
    start: () => {
      waits = Object.fromEntries(kinds.map((kind) => [kind, []]));
      recording = true;
    },
    stop: () => {
      recording = false;
      return Object.fromEntries(kinds.map((kind) => [kind, percentiles(waits[kind])]));
    },
  };
}

/** Numeric option from argv (`--duration=30`) or env (BENCH_DURATION), else the default. */
export function option(name, fallback, { zero = false } = {}) {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = arg ? arg.split('=')[1] : process.env[`BENCH_${name.toUpperCase()}`];
  const value = Number(raw);
  return raw !== undefined && Number.isFinite(value) && (value > 0 || (zero && value === 0)) ? value : fallback;
}

/**
 * For each engine: a fresh database seeded with `plan`; then for each process count (processCounts,
 * more than one on PostgreSQL only) an API on it, `body(engine, api, ids, processes)` runs, and the
 * API stops once the backlog has drained.
 */
export async function forEachEngine(plan, what, body) {
  for (const engine of engines()) {
    console.log(`\n== ${engine}: seeding ${what} …`);
    const env = await prepareDatabase(engine);
    const ids = await seed(env, plan);
    for (const processes of processCounts()) {
      if (processes > 1 && engine !== 'postgres') continue;
      if (processCounts().length > 1) console.log(`  -- ${processes} API process${processes > 1 ? 'es' : ''}`);
      const api = await startApi(env, { API_PROCESSES: String(processes) });
      const stats = env.DATABASE_URL && process.env.BENCH_PG_STATS ? statementStats(env.DATABASE_URL) : undefined;
      await body(engine, api, ids, processes);
      // Let queued requests finish first: stopping under a backlog fails them against a closed database.
      await settle(api.url);
      stats?.print();
      await api.stop();
    }
  }
}

/**
 * BENCH_PG_STATS=1 (PostgreSQL only): where the database's time went while the API was measured, from
 * `pg_stat_statements` (reset after the seed and the API's start): the statements with the most total
 * execution time, their calls, mean and share.
 */
export function statementStats(url) {
  const psql = (command) => {
    const out = spawnSync(path.join(findPostgresBin(), 'psql'), ['-X', '-A', '-t', '-F', '\t', url, '-c', command], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`psql: ${out.stderr}`);
    return out.stdout;
  };
  psql('create extension if not exists pg_stat_statements');
  psql('select pg_stat_statements_reset()');
  return {
    print() {
      const top = Number(process.env.BENCH_PG_STATS) > 1 ? Number(process.env.BENCH_PG_STATS) : 12;
      const rows = psql(`
        select calls, round(mean_exec_time::numeric, 3), round(total_exec_time::numeric), round((100 * total_exec_time / sum(total_exec_time) over ())::numeric, 1),
          plans, round(mean_plan_time::numeric, 3), regexp_replace(left(query, 400), '\\s+', ' ', 'g')
        from pg_stat_statements where query not like '%pg_stat_statements%' order by total_exec_time desc limit ${top}`);
      console.log(`  pg_stat_statements (top ${top} by total execution time)`);
      console.log('  | calls | mean ms | total ms | share | plans | plan ms | statement |\n  |---|---|---|---|---|---|---|');
      for (const line of rows.trim().split('\n').filter(Boolean)) {
        const [calls, mean, total, share, plans, plan, query] = line.split('\t');
        console.log(
          `  | ${calls} | ${mean} | ${total} | ${share} % | ${plans} | ${plan} | \`${query.slice(0, 160).replaceAll('|', '\\|')}\` |`,
        );
      }
    },
  };
}

/** A correctness check before timing: every path must answer 200. */
export async function expectOk(url, paths, init) {
  for (const p of paths) {
    const res = await fetch(url + p, init);
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
}

export function logRow(row) {
  console.log(
    `  ${row.name}: ${fmt.rps(row.reqPerSec)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}`,
  );
}

/** Table columns for a row from `measure`, before and after any columns a bench adds. */
export const columns = {
  head: [
    { label: 'engine', value: (r) => (r.processes > 1 ? `${r.engine} × ${r.processes}` : r.engine) },
    { label: 'endpoint', value: (r) => r.name },
    { label: 'req/s', value: (r) => fmt.rps(r.reqPerSec) },
  ],
  /** Each row's ratio, and the bare row it is taken to (bareBaseline's, measured just before it). */
  bare: [
    { label: 'bare beside', value: (r) => (r.bare === undefined ? '—' : fmt.rps(r.bare)) },
    { label: '× bare', value: (r) => r.ratio.toFixed(2) },
  ],
  tail: [
    { label: 'p50', value: (r) => fmt.ms(r.p50) },
    { label: 'p99', value: (r) => fmt.ms(r.p99) },
    { label: 'requests', value: (r) => r.total },
    { label: 'non-2xx', value: (r) => r.non2xx },
    { label: 'errors (timeouts)', value: (r) => `${r.errors} (${r.timeouts})` },
  ],
};
