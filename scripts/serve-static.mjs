// A small production static server for the shell and each remote: long-cached hashed assets,
// compressed answers, an SPA fallback, CORS for federated chunks and a proxy to the core API,
// so the browser talks to one origin (no CORS preflight on every API call over mobile data).
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { versionCacheControl } from './deploy/store.mjs';
import { withFrame } from './page-frame.mjs';
import { withHints } from './page-hints.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);
/** Smaller than compressed while the page waits: a file is compressed once, off the event loop. */
const BROTLI_QUALITY = 11;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const HASHED = /\.[0-9a-f]{8}\.(js|css)$|\/assets\//;
const PROXIED = ['/v1/', '/api/', '/static/', '/health'];

// No page of ours uses these browser features; a script that sneaks in cannot either.
// Geolocation stays open to our own pages (field locations are recorded on the phone).
export const PERMISSIONS_POLICY =
  'accelerometer=(), bluetooth=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(self), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()';

export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_POLICY,
};

/** Sent only in production, where the site is served over https: two years, subdomains included. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** A path whose escapes decode (a malformed `%` is the client's mistake, not a server error) to no control character. */
function readablePath(pathname) {
  try {
    return !/[\u0000-\u001f\u007f]/.test(decodeURIComponent(pathname));
  } catch {
    return false;
  }
}

const REQUEST_ID_HEADER = 'x-request-id';
/** As the API accepts one (core-api/src/http/request-log.ts): printable ASCII, 1–128 characters. */
const ACCEPTABLE_ID = /^[\x20-\x7e]{1,128}$/;
const requestIdOf = (req) => {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
};

/**
 * JSON lines as pino writes them (level 30 info, 50 error, time, msg), so one log pipeline reads the
 * API's lines and the static servers' alike.
 */
export function jsonLogger(stream = process.stdout) {
  const write = (level) => (fields, msg) => stream.write(`${JSON.stringify({ level, time: Date.now(), ...fields, msg })}\n`);
  return { info: write(30), error: write(50) };
}

function proxy(req, res, apiOrigin, requestId) {
  const target = new URL(req.url, apiOrigin);
  // The same id on the API's line as on ours, so one request can be followed through both.
  const headers = { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '', [REQUEST_ID_HEADER]: requestId };
  const upstream = http.request(target, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        header: { isSuccess: false, customerMessage: 'ShambaSoko is temporarily unavailable. Please try again in a moment.' },
        body: null,
      }),
    );
  });
  req.pipe(upstream);
}

/**
 * @param {{ roots: string[], port: number, host?: string, apiOrigin?: string, spa?: boolean, csp?: string | (() => string | Promise<string>), files?: Record<string, string>, hsts?: boolean, versionsDir?: string, manifest?: { path: string, onManifest?: (manifest: unknown, sentAt: number) => void }, pageHints?: ((pathname: string, search?: string) => Promise<string>) & { firstPhotos?: (pathname: string, search?: string) => Promise<object[]> }, pageFrame?: (pathname: string, acceptLanguage?: string, photos?: object[]) => { html: string, locale: string } | null }} o
 *   files: URL paths served from a fixed file instead
 *   versionsDir: the remote's folder in the deploy store; /v/<version>/… is served from it
 *   manifest: the URL path answered from the API's GET /v1/remotes/manifest (the shell's /remotes.json)
 *   hsts: send Strict-Transport-Security (default: when NODE_ENV=production)
 *   pageHints: tags for the <head> of the app's page at a client-side route (page-hints.mjs); read after the CSP
 *   pageFrame: the loading frame written into that page's #root (page-frame.mjs), in the language of the
 *     request's Accept-Language
 *   log: { info, error } (jsonLogger()): one access line per request (method, path without its query,
 *     status, bytes, duration, request id); without it only errors are written, to stderr
 */
export function createStaticServer({
  roots,
  port,
  host = 'localhost',
  apiOrigin,
  spa = true,
  csp,
  files = {},
  versionsDir,
  manifest,
  pageHints,
  pageFrame,
  hsts = process.env.NODE_ENV === 'production',
  log,
}) {
  const errorLog = log ?? jsonLogger(process.stderr);
  const baseHeaders = hsts ? { ...SECURITY_HEADERS, 'Strict-Transport-Security': HSTS } : SECURITY_HEADERS;
  const compressed = new Map(); // path → { mtime, ready: Promise<{ br, gzip }> }

  /**
   * A file's compressed forms, made once per version of the file in zlib's thread pool (brotli at its
   * best quality takes ~0.3 s for the shell's main chunk: never on the event loop); answers asked
   * for meanwhile share them.
   */
  function compressedForms(file, mtime) {
    const known = compressed.get(file);
    if (known && known.mtime === mtime) return known.ready;
    const ready = readFile(file).then(async (raw) => {
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }),
        gzip(raw, { level: 9 }),
      ]);
      return { br, gzip: gz };
    });
    compressed.set(file, { mtime, ready });
    ready.catch(() => compressed.delete(file));
    return ready;
  }

  /** Compresses, one file at a time, what the app's own folder serves, so its first visitor does not wait for it. */
  async function warm(dir = roots[0]) {
    const names = await readdir(dir, { recursive: true }).catch(() => []);
    for (const name of names) {
      const file = path.join(dir, String(name));
      if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && info.size > 512) await compressedForms(file, info.mtimeMs).catch(() => undefined);
    }
  }

  async function find(urlPath) {
    if (files[urlPath]) {
      try {
        return { file: files[urlPath], info: await stat(files[urlPath]) };
      } catch {
        return null;
      }
    }
    const clean = path.posix.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.(\/|$))+/, '');
    const stored = versionsDir && /^\/v\/[0-9a-f]{8,64}\//.exec(clean);
    for (const root of stored ? [versionsDir] : roots) {
      const file = path.join(root, stored ? clean.slice(2) : clean);
      if (!file.startsWith(path.resolve(root))) continue;
      try {
        const info = await stat(file);
        if (info.isFile()) return { file, info, cacheControl: stored ? versionCacheControl() : undefined };
      } catch {
        // not in this root
      }
    }
    return null;
  }

  async function headersFor(file, cacheControl) {
    const ext = path.extname(file).toLowerCase();
    const headers = {
      ...baseHeaders,
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': cacheControl ?? (HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache'),
      Vary: 'Accept-Encoding',
    };
    if (ext === '.html' && csp) headers['Content-Security-Policy'] = typeof csp === 'function' ? await csp() : csp;
    return headers;
  }

  const encodingFor = (req) => {
    const accept = String(req.headers['accept-encoding'] ?? '');
    return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  };

  let page = null; // the app's page as read: { mtime, html }

  /** The app's page at a client-side route, with that route's hints written into it (never cached here: the hints follow the registry). */
  async function sendPage(req, res, { file, info }, pathname, search = '') {
    const headers = await headersFor(file);
    if (pageFrame) headers.Vary = 'Accept-Encoding, Accept-Language';
    if (!page || page.mtime !== info.mtimeMs) page = { mtime: info.mtimeMs, html: await readFile(file, 'utf8') };
    // The market's frame shows the first-row photos the hints preload (the same kept answers).
    const [hints, photos] = await Promise.all([
      pageHints(pathname, search),
      pageFrame ? (pageHints.firstPhotos?.(pathname, search) ?? []) : [],
    ]);
    const frame = pageFrame?.(pathname, req.headers['accept-language'], photos) ?? null;
    const html = Buffer.from(withFrame(withHints(page.html, hints), frame));
    const encoding = encodingFor(req);
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? zlib.gzipSync(html)
          : html;
    res.writeHead(200, { ...headers, ...(encoding ? { 'Content-Encoding': encoding } : {}), 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function send(req, res, file, info, cacheControl) {
    const ext = path.extname(file).toLowerCase();
    const headers = await headersFor(file, cacheControl);
    const encoding = COMPRESSIBLE.has(ext) && info.size > 512 ? encodingFor(req) : null;
    if (!encoding) {
      res.writeHead(200, { ...headers, 'Content-Length': info.size });
      if (req.method === 'HEAD') return res.end();
      return createReadStream(file).pipe(res);
    }
    const body = (await compressedForms(file, info.mtimeMs))[encoding];
    res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  // The remotes manifest comes from the registry; the ETag and 304 pass through both ways.
  async function proxyManifest(req, res) {
    const ifNoneMatch = req.headers['if-none-match'];
    const sentAt = Date.now();
    const answer = await fetch(new URL('/v1/remotes/manifest', apiOrigin), {
      headers: ifNoneMatch ? { 'if-none-match': String(ifNoneMatch) } : {},
    }).catch(() => null);
    if (!answer || (answer.status !== 200 && answer.status !== 304)) {
      res.writeHead(502, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end('The remotes manifest is unavailable');
    }
    const headers = { ...baseHeaders, 'Cache-Control': 'no-cache', 'Content-Type': 'application/json; charset=utf-8' };
    const etag = answer.headers.get('etag');
    if (etag) headers.ETag = etag;
    if (answer.status === 304) {
      res.writeHead(304, headers);
      return res.end();
    }
    const text = await answer.text();
    try {
      manifest.onManifest?.(JSON.parse(text), sentAt);
    } catch {
      // passed on as it is; the shell reports a broken manifest
    }
    res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(text) });
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  const server = http.createServer(async (req, res) => {
    const requestId = requestIdOf(req);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (log) {
      const started = performance.now();
      res.once('finish', () => {
        // The path only: a query string may carry personal data (a search for someone's e-mail).
        const pathOnly = (req.url ?? '/').split('?')[0];
        const bytes = Number(res.getHeader('content-length') ?? 0) || undefined;
        const durationMs = Math.round((performance.now() - started) * 10) / 10;
        log.info({ reqId: requestId, method: req.method, path: pathOnly, status: res.statusCode, bytes, durationMs }, 'request');
      });
    }
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      if (apiOrigin && PROXIED.some((p) => url.pathname === p.replace(/\/$/, '') || url.pathname.startsWith(p)))
        return proxy(req, res, apiOrigin, requestId);
      if (!readablePath(url.pathname)) {
        res.writeHead(400, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        return res.end('Bad request');
      }
      if (manifest && url.pathname === manifest.path && apiOrigin) return await proxyManifest(req, res);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          ...baseHeaders,
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, HEAD',
          'Access-Control-Allow-Headers': '*',
        });
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...baseHeaders, Allow: 'GET, HEAD' });
        return res.end();
      }
      if (url.pathname === '/' && pageHints) {
        const index = await find('/index.html');
        if (index) return await sendPage(req, res, index, '/');
      }
      const found = await find(url.pathname === '/' ? '/index.html' : url.pathname);
      if (found) return await send(req, res, found.file, found.info, found.cacheControl);
      // Client-side routes (no file extension) get the app's page; missing assets get a real 404.
      if (spa && !path.extname(url.pathname)) {
        const index = await find('/index.html');
        if (index && pageHints) return await sendPage(req, res, index, url.pathname, url.search);
        if (index) return await send(req, res, index.file, index.info);
      }
      res.writeHead(404, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
      res.end('Not found');
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Server error');
      errorLog.error({ reqId: requestId, err: { message: error?.message, stack: error?.stack } }, 'static server error');
    }
  });

  return {
    server,
    warm,
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// CLI: node scripts/serve-static.mjs <dist folder> <port>
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir = 'dist', port = '3000'] = process.argv.slice(2);
  const root = path.resolve(dir);
  const app = createStaticServer({
    roots: [root, path.join(root, '../public')],
    port: Number(port),
    apiOrigin: process.env.CORE_API_ORIGIN ?? 'http://localhost:4000',
    log: jsonLogger(),
  });
  await app.listen();
  jsonLogger().info({ root, port: Number(port) }, `serving ${root} on http://localhost:${port}`);
}
