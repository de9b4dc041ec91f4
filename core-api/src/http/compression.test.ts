import zlib from 'node:zlib';
import type { TestApp } from '../testing/test-app';
import { useTestApp } from '../testing/use-test-app';
import { MIN_COMPRESSED_BYTES, chooseEncoding } from './compression';

let t: TestApp;
useTestApp((app) => (t = app));

const SEARCH = '/v1/products?pageSize=24';
const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5, identity', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['deflate', null],
  ])('%s → %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});

describe('compressed answers', () => {
  it('sends a large GET answer with Brotli or gzip to a caller who accepts it, the same JSON once decoded', async () => {
    const plain = await get(SEARCH);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/i);

    const br = await get(SEARCH, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await get(SEARCH, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.payload);
    // Asked again, a kept answer's compressed bytes are the same.
    expect((await get(SEARCH, { 'accept-encoding': 'gzip' })).rawPayload.equals(gz.rawPayload)).toBe(true);
  });

  it('makes a compressed answer’s ETag weak, and answers 304 to it as to the strong one', async () => {
    const plain = await get(SEARCH);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"/);
    const br = await get(SEARCH, { 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(`W/${etag}`);
    for (const tag of [etag, `W/${etag}`]) {
      const again = await get(SEARCH, { 'accept-encoding': 'br', 'if-none-match': tag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it('leaves small answers, errors and writes as they are', async () => {
    const small = await get('/v1/counties', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(expect.objectContaining({ header: expect.objectContaining({ isSuccess: true }) }));

    const missing = await get('/v1/products/00000000-0000-4000-8000-000000000000', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();

    const write = await t.request({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: { 'accept-encoding': 'br' },
    });
    expect(write.headers['content-encoding']).toBeUndefined();
  });
});
