import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestOnce } from './request-once';

describe('requestOnce', () => {
  let server: http.Server;
  let base: string;
  const sockets = new Set<unknown>();
  const seen: { method?: string; connection?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      sockets.add(req.socket);
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, connection: req.headers.connection, body });
        res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ echoed: body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends each request on a connection of its own, closed after the answer', async () => {
    const first = await requestOnce(`${base}/a`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
    const second = await requestOnce(`${base}/b`);
    expect([first.status, first.ok, JSON.parse(first.text)]).toEqual([200, true, { echoed: '{"n":1}' }]);
    expect(second.ok).toBe(true);
    expect(sockets.size).toBe(2);
    expect(seen.map((s) => [s.method, s.connection])).toEqual([
      ['POST', 'close'],
      ['GET', 'close'],
    ]);
  });

  it('answers a refusal with its status, and fails when nothing listens', async () => {
    expect(await requestOnce(`${base}/missing`)).toMatchObject({ status: 404, ok: false });
    await expect(requestOnce('http://127.0.0.1:1/')).rejects.toThrow();
  });
});
