import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from './envelope';
import { languageOf, translateFor } from './language';

// Serialised answers kept per process, keyed by a data version read from PostgreSQL in the request
// (db/data-versions.ts): a write anywhere bumps the version in its own transaction, so an entry is
// never served after the data behind it changed. README "Versioned answers".

// ANSWER_CACHE_BYTES=0 turns it off (the bench's same-run baseline: no version read, no cache).
const DEFAULT_MAX_BYTES = Number(process.env.ANSWER_CACHE_BYTES ?? 32 * 1024 * 1024);

/** A least-recently-used map of JSON texts, bounded by their size (UTF-16, two bytes a character). */
export class AnswerCache {
  private readonly entries = new Map<string, string>();
  private size = 0;
  hits = 0;
  misses = 0;

  constructor(readonly maxBytes = DEFAULT_MAX_BYTES) {}

  get bytes(): number {
    return this.size;
  }

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    const cost = 2 * (key.length + value.length);
    // One answer may take an eighth at most, so a huge page cannot empty the cache.
    if (cost > this.maxBytes / 8) return;
    this.delete(key);
    this.entries.set(key, value);
    this.size += cost;
    for (const [oldest] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.size = 0;
  }

  private delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.size -= 2 * (key.length + value.length);
  }
}

// One cache per HTTP server (the Node server every encapsulated Fastify context shares), so two apps
// in one test process hold two caches, as two API processes do.
const caches = new WeakMap<object, AnswerCache>();

function answerCacheOf(request: FastifyRequest): AnswerCache {
  return answerCacheFor(request.server.server);
}

/** The cache of one HTTP server (`app.server`); tests read its hit count. */
export function answerCacheFor(owner: object): AnswerCache {
  let cache = caches.get(owner);
  if (cache === undefined) caches.set(owner, (cache = new AnswerCache()));
  return cache;
}

/**
 * The answer of a GET: from the cache when `keyOf` (which must read the data version) gives a key,
 * else computed, stored and sent. No key: computed and sent as usual (e.g. not a member of the farm).
 * The envelope is serialised here with the caller's language, as the preSerialization hook would.
 */
export async function versionedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  keyOf: () => Promise<string | undefined>,
  compute: () => Promise<unknown>,
): Promise<unknown> {
  const cache = answerCacheOf(request);
  const key = cache.maxBytes > 0 ? await keyOf() : undefined;
  if (key === undefined) return ok(await compute());
  const language = languageOf(request.headers['accept-language']);
  const fullKey = `${language}|${key}`;
  let text = cache.get(fullKey);
  if (text === undefined) {
    const envelope = ok(await compute());
    text = JSON.stringify({
      ...envelope,
      header: { ...envelope.header, customerMessage: translateFor(envelope.header.customerMessage, language) },
    });
    cache.set(fullKey, text);
  }
  reply.header('vary', 'accept-language').type('application/json; charset=utf-8');
  return text;
}
