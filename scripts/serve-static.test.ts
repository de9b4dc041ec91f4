import { execFileSync } from 'node:child_process';
import path from 'node:path';

// serve-static.mjs is an ES module; jest here runs CommonJS, so each case runs in a child Node process.
const serveStatic = path.join(__dirname, 'serve-static.mjs');

function headersOf(env: Record<string, string>): Record<string, string> {
  const script = `
    const { createStaticServer } = await import(${JSON.stringify(serveStatic)});
    const app = createStaticServer({ roots: [${JSON.stringify(__dirname)}], port: 0, host: '127.0.0.1', spa: false });
    const server = await app.listen();
    const res = await fetch('http://127.0.0.1:' + server.address().port + '/serve-static.test.ts');
    console.log(JSON.stringify(Object.fromEntries(res.headers)));
    await app.close();`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(out) as Record<string, string>;
}

describe('static server security headers', () => {
  it('sends a Permissions-Policy and no HSTS in development', () => {
    const headers = headersOf({ NODE_ENV: 'development' });
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['permissions-policy']).toContain('microphone=()');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS in production', () => {
    expect(headersOf({ NODE_ENV: 'production' })['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('static server: malformed addresses', () => {
  it('answers a malformed % escape with 400 and the security headers, SPA or not; other answers keep theirs', () => {
    const script = `
      const http = await import('node:http');
      const { createStaticServer, SECURITY_HEADERS } = await import(${JSON.stringify(serveStatic)});
      const raw = (port, method, path) => new Promise((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
          res.resume();
          res.on('end', () => resolve({ path, method, status: res.statusCode,
            missing: Object.keys(SECURITY_HEADERS).filter((name) => res.headers[name.toLowerCase()] === undefined) }));
        });
        req.on('error', reject);
        req.end();
      });
      const answers = [];
      for (const spa of [true, false]) {
        const app = createStaticServer({ roots: [${JSON.stringify(__dirname)}], port: 0, host: '127.0.0.1', spa });
        const { port } = (await app.listen()).address();
        for (const path of ['/%E0%A4%A', '/%', '/..%2', '/v/%zz/remoteEntry.js', '/%00', '/serve-static.test.ts', '/missing.js'])
          answers.push({ spa, ...(await raw(port, 'GET', path)) });
        answers.push({ spa, ...(await raw(port, 'POST', '/serve-static.test.ts')) });
        await app.close();
      }
      console.log(JSON.stringify(answers));`;
    const answers = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as {
      spa: boolean;
      path: string;
      method: string;
      status: number;
      missing: string[];
    }[];
    const expected = { '/serve-static.test.ts': 200, '/missing.js': 404 } as Record<string, number>;
    for (const answer of answers) {
      const status = answer.method === 'POST' ? 405 : (expected[answer.path] ?? 400);
      expect(answer).toEqual({ ...answer, status, missing: [] });
    }
  });
});

describe('static server compression', () => {
  it('answers a script compressed at brotli’s best quality, warmed ahead when asked', () => {
    const script = `
      const zlib = await import('node:zlib');
      const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
      const { createStaticServer } = await import(${JSON.stringify(serveStatic)});
      const dir = mkdtempSync('/tmp/serve-static-');
      const text = Array.from({ length: 4000 }, (_, i) => 'export const value' + i + ' = "shamba ' + (i % 97) + '";').join('\\n');
      writeFileSync(dir + '/app.12345678.js', text);
      const app = createStaticServer({ roots: [dir], port: 0, host: '127.0.0.1', spa: false });
      const server = await app.listen();
      await app.warm();
      const get = (encoding) => fetch('http://127.0.0.1:' + server.address().port + '/app.12345678.js', { headers: { 'accept-encoding': encoding } });
      const br = await get('br');
      const gz = await get('gzip');
      const q11 = zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      console.log(JSON.stringify({ br: br.headers.get('content-encoding'), brLength: Number(br.headers.get('content-length')), q11,
        same: (await br.text()) === text, gz: gz.headers.get('content-encoding'), gzSame: (await gz.text()) === text }));
      await app.close();
      rmSync(dir, { recursive: true });`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
    expect(out).toMatchObject({ br: 'br', same: true, gz: 'gzip', gzSame: true });
    expect(out.brLength).toBeLessThanOrEqual((out.q11 as number) + 16);
  });
});

describe('static server: access log', () => {
  it('writes one JSON line per request (id, method, path without its query, status, bytes, duration) and answers the id', () => {
    const script = `
      const { createStaticServer } = await import(${JSON.stringify(serveStatic)});
      const lines = [];
      const log = { info: (fields, msg) => lines.push({ ...fields, msg }), error: (fields, msg) => lines.push({ ...fields, msg }) };
      const app = createStaticServer({ roots: [${JSON.stringify(__dirname)}], port: 0, host: '127.0.0.1', spa: false, log });
      const server = await app.listen();
      const base = 'http://127.0.0.1:' + server.address().port;
      const given = await fetch(base + '/serve-static.test.ts?email=jane.doe%40example.com', { headers: { 'x-request-id': 'edge-static-1' } });
      await given.text();
      const missing = await fetch(base + '/no-such-file.js');
      await missing.text();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await app.close();
      console.log(JSON.stringify({ lines, ids: [given.headers.get('x-request-id'), missing.headers.get('x-request-id')] }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    const { lines, ids } = JSON.parse(out) as { lines: Array<Record<string, unknown>>; ids: string[] };
    expect(ids[0]).toBe('edge-static-1');
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'request', reqId: 'edge-static-1', method: 'GET', path: '/serve-static.test.ts', status: 200 }),
      expect.objectContaining({ msg: 'request', reqId: ids[1], method: 'GET', path: '/no-such-file.js', status: 404 }),
    ]);
    expect(typeof lines[0]?.durationMs).toBe('number');
    expect(lines[0]?.bytes).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain('jane.doe');
  });
});
