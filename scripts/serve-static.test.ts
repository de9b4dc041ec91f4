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
