import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { RemoteDescriptor, RemotesManifest } from '@shambasoko/contracts';
import { DEMO, loginAccount } from './auth';

export const ROOT = path.resolve(__dirname, '../..');
const API = 'http://127.0.0.1:4000';
const operatorToken = () => readFileSync(path.join(dataDir(), 'operator-token'), 'utf8').trim();

async function operatorPost(url: string, body: object): Promise<void> {
  const res = await fetch(`${API}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': operatorToken() },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
}

/**
 * The test clock: runs one scheduled job now as if the time were `at` (POST /v1/operator/jobs/:name/run).
 * It records the run at `at`, so the job's own schedule then waits until `at` is past; no other spec minds.
 */
export async function runScheduledJob(name: string, at: Date): Promise<void> {
  const run = async () => {
    const res = await fetch(`${API}/v1/operator/jobs/${name}/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-token': operatorToken() },
      body: JSON.stringify({ at: at.toISOString() }),
    });
    if (!res.ok) throw new Error(`job ${name} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { body: { ran: boolean } }).body.ran;
  };
  // Another worker's run holds the job's lock for a moment: the route then answers ran: false.
  await expect.poll(run, { message: `job ${name} gets its turn` }).toBe(true);
}

/**
 * Runs `fn` while a remote's live version is one whose entry is `entry` (registered as the deploy
 * command would), then rolls back to the version live before.
 */
export async function withRemoteEntry<T>(remote: string, entry: string, fn: () => Promise<T>): Promise<T> {
  const dir = APPS[remote] ?? `mfe-${remote}`;
  const { mounts, menu } = JSON.parse(readFileSync(path.join(ROOT, dir, 'remote.json'), 'utf8')) as Pick<
    RemoteDescriptor,
    'mounts' | 'menu'
  >;
  const version = randomBytes(8).toString('hex');
  await operatorPost(`/v1/deploys/${remote}`, {
    version,
    entry,
    builtAt: new Date().toISOString(),
    sizeBytes: 1,
    requires: {},
    mounts,
    menu,
  });
  try {
    return await fn();
  } finally {
    await operatorPost(`/v1/deploys/${remote}/rollback`, {});
  }
}

const APPS: Record<string, string> = { auth: 'mfe-auth', market: 'mfe-market', farm: 'mfe-farm', legal: 'mfe-legal' };

/** An Admin's call to the remote registry's console API (as the demo account, an Admin in development). */
export async function registryAdmin(request: APIRequestContext, method: 'GET' | 'PATCH' | 'PUT' | 'DELETE', url: string, data?: object) {
  const admin = await loginAccount(request, DEMO.email, DEMO.password);
  const res = await request.fetch(`${API}${url}`, { method, data, headers: { authorization: `Bearer ${admin.accessToken}` } });
  if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { body: unknown }).body;
}

/** Runs `fn` with a remote's role toggles or kill switch changed through the console API, then restores them. */
export async function withRemoteSettings<T>(
  request: APIRequestContext,
  remote: string,
  settings: { roles?: string[]; enabled?: boolean },
  fn: () => Promise<T>,
): Promise<T> {
  const overview = (await registryAdmin(request, 'GET', '/v1/admin/remotes')) as {
    remotes: Array<{ name: string; roles: string[]; enabled: boolean }>;
  };
  const current = overview.remotes.find((r) => r.name === remote);
  if (!current) throw new Error(`no remote ${remote}`);
  await registryAdmin(request, 'PATCH', `/v1/admin/remotes/${remote}`, settings);
  try {
    return await fn();
  } finally {
    await registryAdmin(request, 'PATCH', `/v1/admin/remotes/${remote}`, { roles: current.roles, enabled: current.enabled });
  }
}

interface StaticServer {
  listen(): Promise<unknown>;
  close(): Promise<void>;
}

/** Serves one app's production build on another port, as a second deployment of it would. */
export async function serveApp(dir: string, port: number): Promise<StaticServer> {
  const { createStaticServer } = (await import(path.join(ROOT, 'scripts/serve-static.mjs'))) as {
    createStaticServer(o: { roots: string[]; port: number }): StaticServer;
  };
  const server = createStaticServer({ roots: [path.join(ROOT, dir, 'dist')], port });
  await server.listen();
  return server;
}

const dataDir = () => path.join(process.env.E2E_RUN_DIR ?? '', 'data');

/** Runs `npm run deploy -- <remote> …` (or rollback) against the running stack; resolves with its exit code and output. */
export function runDeployCommand(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/deploy.mjs'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir() },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += String(c)));
    child.stderr.on('data', (c: Buffer) => (output += String(c)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** The version the registry serves as live for a remote. */
export async function liveVersion(remote: string): Promise<string | null> {
  const manifest = (await (await fetch('http://localhost:3000/remotes.json')).json()) as RemotesManifest;
  return manifest.remotes.find((r) => r.name === remote)?.version ?? null;
}

/** Where a run's copies go: inside its own folder (playwright.config.ts), which goes with it. */
const scratch = () => process.env.E2E_RUN_DIR ?? os.tmpdir();

/** A copy of a remote's built dist/ with one visible text changed in the chunk that holds it. */
export function changedBuild(dir: string, from: string, to: string): string {
  const copy = mkdtempSync(path.join(scratch(), 'changed-build-'));
  cpSync(path.join(ROOT, dir, 'dist'), copy, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(copy).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(path.join(copy, file), 'utf8');
    if (text.includes(from)) {
      writeFileSync(path.join(copy, file), text.split(from).join(to));
      changed++;
    }
  }
  if (!changed) throw new Error(`"${from}" is in no chunk of ${dir}/dist`);
  return copy;
}

/** A copy of a remote's build whose mf-manifest.json requires another React. */
export function buildRequiring(dir: string, react: string): string {
  const copy = mkdtempSync(path.join(scratch(), 'requires-build-'));
  cpSync(path.join(ROOT, dir, 'dist'), copy, { recursive: true });
  const file = path.join(copy, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { shared: Array<{ name: string; requiredVersion: unknown }> };
  for (const share of manifest.shared) if (share.name === 'react') share.requiredVersion = react;
  writeFileSync(file, JSON.stringify(manifest));
  return copy;
}
