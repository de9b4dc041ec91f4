import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RemotesManifest } from '@shambasoko/shared';

export const ROOT = path.resolve(__dirname, '../..');
const manifestPath = () => path.join(process.env.E2E_RUN_DIR ?? '', 'remotes.json');

function readManifest(): RemotesManifest {
  return JSON.parse(readFileSync(manifestPath(), 'utf8')) as RemotesManifest;
}

function writeManifest(manifest: RemotesManifest): void {
  writeFileSync(manifestPath(), JSON.stringify(manifest, null, 2));
}

/** Edits the running shell's remotes manifest for the duration of `fn`, then restores it. */
export async function withManifest<T>(edit: (m: RemotesManifest) => void, fn: () => Promise<T>): Promise<T> {
  const original = readManifest();
  const edited = structuredClone(original);
  edit(edited);
  writeManifest(edited);
  try {
    return await fn();
  } finally {
    writeManifest(original);
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

/** A copy of a remote's built dist/ with one visible text changed in the chunk that holds it. */
export function changedBuild(dir: string, from: string, to: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'changed-build-'));
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
  const copy = mkdtempSync(path.join(os.tmpdir(), 'requires-build-'));
  cpSync(path.join(ROOT, dir, 'dist'), copy, { recursive: true });
  const file = path.join(copy, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { shared: Array<{ name: string; requiredVersion: unknown }> };
  for (const share of manifest.shared) if (share.name === 'react') share.requiredVersion = react;
  writeFileSync(file, JSON.stringify(manifest));
  return copy;
}
