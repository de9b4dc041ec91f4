import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The scripts are ES modules; jest here runs CommonJS, so the cases run in a child Node process
// against a fake core API and report what they saw as JSON.
const scripts = path.resolve(__dirname, '..');
const mod = (file: string) => JSON.stringify(path.join(scripts, file));

function fakeBuild(dir: string, react = '^19.2.0', text = 'hello') {
  mkdirSync(path.join(dir, 'sub'), { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), 'entry');
  writeFileSync(path.join(dir, 'sub', '12.abcdef01.js'), text);
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { buildInfo: { buildTime: 1700000000000 } },
      shared: [
        { name: 'react', singleton: true, requiredVersion: react, version: '19.3.1' },
        { name: '@shambasoko/shared', singleton: true, requiredVersion: '^0.1.0' },
        { name: 'loose', singleton: true, requiredVersion: false },
      ],
    }),
  );
}

// A fake registry: refuses react ^99, remembers the live version, serves a manifest with an ETag.
const FAKE_API = `
  import http from 'node:http';
  export const seen = [];
  export let live = 'seed';
  export function startApi() {
    const server = http.createServer(async (req, res) => {
      let body = '';
      for await (const c of req) body += c;
      const json = body ? JSON.parse(body) : null;
      seen.push({ url: req.url, token: req.headers['x-operator-token'], body: json, inm: req.headers['if-none-match'] ?? null });
      const send = (status, payload, headers = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(payload === undefined ? undefined : JSON.stringify(payload));
      };
      if (req.url === '/v1/remotes/manifest') {
        if (req.headers['if-none-match'] === '"m1"') return send(304, undefined, { etag: '"m1"' });
        return send(200, { remotes: [{ name: 'market', entry: 'http://cdn.example:8080/v/x/remoteEntry.js' }] }, { etag: '"m1"', 'cache-control': 'no-cache' });
      }
      if (req.url === '/v1/deploys/market' && json.requires.react === '^99.0.0')
        return send(409, { header: { isSuccess: false, customerMessage: 'market needs react ^99.0.0; the live shell provides 19.3.1' }, body: null });
      if (req.url === '/v1/deploys/market') {
        if (json.makeLive) live = json.version;
        return send(201, { header: { isSuccess: true, customerMessage: '' }, body: { name: 'market', live } });
      }
      if (req.url === '/v1/deploys/market/rollback') { live = 'seed'; return send(200, { header: { isSuccess: true }, body: { live } }); }
      if (req.url === '/v1/deploys/shell') return send(200, { header: { isSuccess: true }, body: {} });
      send(404, { header: { isSuccess: false, customerMessage: 'no' }, body: null });
    });
    return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
  }
`;

function run(script: string, cwd: string): Record<string, unknown> {
  writeFileSync(path.join(cwd, 'fake-api.mjs'), FAKE_API);
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, OPERATOR_TOKEN: '' },
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
}

describe('deploy store and deploy command', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'deploy-test-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const dataDir = path.join(work, 'data');
  const build = path.join(work, 'build');
  const changed = path.join(work, 'changed');
  const refused = path.join(work, 'refused');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'operator-token'), 'op-secret\n');
  fakeBuild(build);
  fakeBuild(changed, '^19.2.0', 'hello, changed');
  fakeBuild(refused, '^99.0.0');

  const result = run(
    `
    import { existsSync, readdirSync } from 'node:fs';
    import { startApi, seen } from './fake-api.mjs';
    import * as fake from './fake-api.mjs';
    const { deploy, rollback, deployConfig } = await import(${mod('deploy.mjs')});
    const { contentVersion } = await import(${mod('deploy/store.mjs')});
    const api = await startApi();
    const config = deployConfig({ DATA_DIR: ${JSON.stringify(dataDir)}, CORE_API_ORIGIN: 'http://127.0.0.1:' + api.address().port, MARKET_PUBLIC_ORIGIN: 'https://cdn.example' });
    const first = await deploy({ remote: 'market', from: ${JSON.stringify(build)}, config });
    const again = await deploy({ remote: 'market', from: ${JSON.stringify(build)}, config, live: 'if-new' });
    const second = await deploy({ remote: 'market', from: ${JSON.stringify(changed)}, config });
    let refusal = null;
    try { await deploy({ remote: 'market', from: ${JSON.stringify(refused)}, config }); } catch (e) { refusal = e.message; }
    const liveAfterRefusal = fake.live;
    const back = await rollback({ remote: 'market', config });
    const sameHash = (await contentVersion(${JSON.stringify(build)})).version === first.version;
    const stored = readdirSync(${JSON.stringify(path.join(dataDir, 'deploys/market'))}).sort();
    api.close();
    console.log(JSON.stringify({ first, again, second, refusal, liveAfterRefusal, back, sameHash, stored, seen,
      copiedChunk: existsSync(${JSON.stringify(dataDir)} + '/deploys/market/' + first.version + '/sub/12.abcdef01.js') }));
  `,
    work,
  );

  it('names a version by the hash of its files and stores it once, never replacing another', () => {
    const first = result.first as { version: string; copied: boolean; live: string };
    const second = result.second as { version: string };
    expect(first.version).toMatch(/^[0-9a-f]{16}$/);
    expect(result.sameHash).toBe(true);
    expect(first.copied).toBe(true);
    expect((result.again as { copied: boolean }).copied).toBe(false);
    expect(second.version).not.toBe(first.version);
    // The refused build is stored too (never served as live); stored versions are only ever added.
    expect(result.stored).toEqual(expect.arrayContaining([first.version, second.version]));
    expect(result.stored).toHaveLength(3);
    expect(result.copiedChunk).toBe(true);
  });

  it('registers the version with its entry, required shared versions and remote.json mounts, with the operator token', () => {
    const seen = result.seen as Array<{ url: string; token: string; body: Record<string, unknown> }>;
    const first = seen[0];
    const version = (result.first as { version: string }).version;
    expect(first?.url).toBe('/v1/deploys/market');
    expect(first?.token).toBe('op-secret');
    expect(first?.body).toMatchObject({
      version,
      entry: `https://cdn.example/v/${version}/remoteEntry.js`,
      builtAt: new Date(1700000000000).toISOString(),
      requires: { react: '^19.2.0', '@shambasoko/shared': '^0.1.0' },
      makeLive: true,
    });
    expect(Object.keys(first?.body.requires as object)).not.toContain('loose');
    expect(first?.body.mounts).toContainEqual({ path: '/cart', layout: 'public' });
    expect(first?.body.title).toEqual({ en: 'Market', sw: 'Soko' });
    // Re-registering a version the store already held does not make it live (start-up after a rollback).
    expect(seen[1]?.body.makeLive).toBe(false);
  });

  it("reports a refusal with the API's reason and leaves the live version alone", () => {
    expect(result.refusal).toBe('market needs react ^99.0.0; the live shell provides 19.3.1');
    expect(result.liveAfterRefusal).toBe((result.second as { version: string }).version);
    expect(result.back).toEqual({ live: 'seed' });
  });

  it('the command exits 1 and prints the reason when the API refuses', () => {
    const code = `
      import { startApi } from './fake-api.mjs';
      import { spawn } from 'node:child_process';
      const api = await startApi();
      // Not spawnSync: the fake API in this process must keep answering.
      const child = spawn(process.execPath, [${mod('deploy.mjs')}, 'market', '--from', ${JSON.stringify(refused)}], {
        env: { ...process.env, DATA_DIR: ${JSON.stringify(dataDir)}, CORE_API_ORIGIN: 'http://127.0.0.1:' + api.address().port } });
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      const status = await new Promise((r) => child.on('exit', r));
      const r = { status, stderr };
      api.close();
      console.log(JSON.stringify({ status: r.status, stderr: r.stderr }));`;
    const out = run(code, work);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('market needs react ^99.0.0');
    expect(spawnSync(process.execPath, [path.join(scripts, 'deploy.mjs'), 'nosuch', '--from', build]).status).toBe(1);
  });

  it('serves stored versions under /v/<version>/ (every file immutable, the entry too) and proxies /remotes.json with its ETag', () => {
    const version = (result.first as { version: string }).version;
    const out = run(
      `
      import { startApi, seen } from './fake-api.mjs';
      const { createStaticServer } = await import(${mod('serve-static.mjs')});
      const { createRemoteOriginsCache } = await import(${mod('csp.mjs')});
      const api = await startApi();
      const apiOrigin = 'http://127.0.0.1:' + api.address().port;
      const origins = createRemoteOriginsCache({ apiOrigin });
      const app = createStaticServer({ roots: [${JSON.stringify(build)}], port: 0, host: '127.0.0.1', spa: false, apiOrigin,
        versionsDir: ${JSON.stringify(path.join(dataDir, 'deploys/market'))}, manifest: { path: '/remotes.json', onManifest: origins.update } });
      const base = 'http://127.0.0.1:' + (await app.listen()).address().port;
      const get = async (p, headers = {}) => { const r = await fetch(base + p, { headers }); return { status: r.status, cache: r.headers.get('cache-control'), etag: r.headers.get('etag'), text: await r.text() }; };
      const entry = await get('/v/${version}/remoteEntry.js');
      const manifestFile = await get('/v/${version}/mf-manifest.json');
      const chunk = await get('/v/${version}/sub/12.abcdef01.js');
      const missing = await get('/v/0000000000000000/remoteEntry.js');
      const escape = await get('/v/${version}/../../../operator-token');
      const before = origins.origins();
      const manifest = await get('/remotes.json');
      const after = origins.origins();
      const revalidated = await get('/remotes.json', { 'if-none-match': '"m1"' });
      await app.close(); api.close();
      console.log(JSON.stringify({ entry, manifestFile, chunk, missing, escape, manifest, revalidated, before, after, inm: seen.at(-1).inm }));`,
      work,
    );
    // The version is a hash of the build's files: its entry never changes under that URL.
    expect(out.entry).toMatchObject({ status: 200, cache: 'public, max-age=31536000, immutable', text: 'entry' });
    expect(out.manifestFile).toMatchObject({ status: 200, cache: 'public, max-age=31536000, immutable' });
    expect(out.chunk).toMatchObject({ status: 200, cache: 'public, max-age=31536000, immutable', text: 'hello' });
    expect(out.missing).toMatchObject({ status: 404 });
    expect(out.escape).toMatchObject({ status: 404 });
    expect(out.manifest).toMatchObject({ status: 200, cache: 'no-cache', etag: '"m1"' });
    expect(out.revalidated).toMatchObject({ status: 304, etag: '"m1"' });
    expect(out.inm).toBe('"m1"');
    // The CSP's remote origins follow the manifest that passed through.
    expect(out.before).toEqual([]);
    expect(out.after).toEqual(['http://cdn.example:8080']);
  });
});
