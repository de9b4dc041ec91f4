import { readFileSync, writeFileSync } from 'node:fs';
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
