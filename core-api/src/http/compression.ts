import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compressed answers for phones on mobile data: a GET answer of JSON or text of 1 kB or more goes out
 * with Brotli or gzip when the caller accepts it (the market's first page of 12 cards: 5.8 kB → 1.7 kB with Brotli).
 * Compression runs in zlib's thread pool, not on the event loop. A kept answer (one carrying an ETag,
 * served again and again from a cache) is compressed once per encoding: its compressed bytes are kept
 * by ETag. That holds because every strong ETag the API sets is a hash of the answer's bytes (catalog
 * answers, the remotes manifest): a route setting one that is not must not be compressed from here.
 * A compressed answer's strong ETag becomes weak (W/"…"), as the bytes differ from the identity
 * form's; the routes' If-None-Match check takes both.
 *
 * Only GET: a write's answer is small, and the write-replay hook keeps it as text.
 */
export const MIN_COMPRESSED_BYTES = 1024;
/** Compressed forms kept, by ETag and encoding: about 1-4 kB each. */
const MAX_KEPT = 4_000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Quality 4: most of Brotli's gain on JSON at a fraction of its top quality's time. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(application\/json|text\/)/;

/** The encoding to answer with, from an Accept-Encoding header (q=0 refuses one). */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return null;
}

function compress(encoding: Encoding, body: Buffer): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzip(body, GZIP_OPTIONS);
}

export function registerCompression(app: FastifyInstance): void {
  const kept = new Map<string, Promise<Buffer>>();

  const compressed = (encoding: Encoding, body: Buffer, etag: string | undefined): Promise<Buffer> => {
    if (etag === undefined) return compress(encoding, body);
    const key = `${encoding}${etag}`;
    let form = kept.get(key);
    if (form === undefined) {
      form = compress(encoding, body);
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value ?? '');
      kept.set(key, form);
      form.catch(() => kept.delete(key));
    }
    return form;
  };

  // A callback hook: an async one costs a promise on every answer, compressed or not.
  app.addHook(
    'onSend',
    (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
      if (
        request.method !== 'GET' ||
        (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
        reply.statusCode !== 200 ||
        reply.hasHeader('content-encoding') ||
        !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
      ) {
        done(null, payload);
        return;
      }
      // Whether an answer is compressed or not, a shared cache must keep the forms apart.
      reply.header('vary', varyWith(reply.getHeader('vary')));
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      // Encoded to bytes only to be compressed: a caller who asks for no encoding costs nothing more.
      if (encoding === null || Buffer.byteLength(payload) < MIN_COMPRESSED_BYTES) {
        done(null, payload);
        return;
      }
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const etag = reply.getHeader('etag');
      const strongEtag = typeof etag === 'string' && etag.startsWith('"') ? etag : undefined;
      compressed(encoding, body, strongEtag).then(
        (form) => {
          reply.header('content-encoding', encoding);
          if (strongEtag !== undefined) reply.header('etag', `W/${strongEtag}`);
          done(null, form);
        },
        // Not compressed, still answered.
        () => done(null, payload),
      );
    },
  );
}

function varyWith(current: unknown): string {
  const values = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return values.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')
    ? values.join(', ')
    : [...values, 'Accept-Encoding'].join(', ');
}
