import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { ApiKeyScope, OrgKind } from '@shambasoko/contracts';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { countHit } from '../http/rate-limit-store';

/** `sk_` marks a partner's key, so the user-token check leaves it alone. */
const API_KEY_PREFIX = 'sk_live_';
const API_KEY_HEADER = 'x-api-key';
/** How much of a key stays readable: enough to tell keys apart, far too little to guess the rest. */
const SHOWN_CHARS = API_KEY_PREFIX.length + 6;

export interface ApiKeyCaller {
  id: string;
  orgKind: OrgKind;
  orgId: string | null;
  scopes: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The partner key of the request, which must allow `scope`: 401 without a live key, 403 without the scope, 429 past its limit. */
    requireApiKey(request: FastifyRequest, scope: ApiKeyScope): Promise<ApiKeyCaller>;
  }
}

/** A new key: 32 random bytes, so hashing it once is enough (no dictionary reaches it). */
export function newApiKey(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, SHOWN_CHARS), hash: hashApiKey(secret) };
}

function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The key a request presents: `Authorization: Bearer sk_…` or `X-Api-Key: sk_…`. */
function presentedApiKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(sk_\S+)$/i.exec(header)?.[1] : undefined;
  if (bearer) return bearer;
  const own = request.headers[API_KEY_HEADER];
  return typeof own === 'string' && own.startsWith('sk_') ? own : null;
}

const NEEDS_API_KEY = 'This needs a valid API key (Authorization: Bearer sk_…).';
const SCOPE_MISSING = 'This API key is not allowed to do that.';
const KEY_RATE_LIMITED = 'Too many requests with this API key. Please wait a minute and try again.';

export const apiKeyPlugin = fp(async function apiKeys(
  app: FastifyInstance,
  { db, perMinute }: { db: Kysely<Database>; perMinute: number },
) {
  // One check per request: the route's declaration and its handler both ask.
  const checked = new WeakMap<FastifyRequest, ApiKeyCaller>();
  app.decorate('requireApiKey', async (request: FastifyRequest, scope: ApiKeyScope) => {
    const known = checked.get(request);
    if (known) {
      if (!known.scopes.includes(scope)) throw new ApiError(403, SCOPE_MISSING);
      return known;
    }
    const secret = presentedApiKey(request);
    if (secret === null || secret.length > 200) throw new ApiError(401, NEEDS_API_KEY);
    // Read on every request, never cached: a revoked key stops at once in every API process.
    const key = await db
      .selectFrom('api_keys')
      .select(['id', 'org_kind', 'org_id', 'scopes', 'revoked_at'])
      .where('secret_hash', '=', hashApiKey(secret))
      .executeTakeFirst();
    if (key === undefined || key.revoked_at !== null) throw new ApiError(401, NEEDS_API_KEY);
    if (!key.scopes.includes(scope)) throw new ApiError(403, SCOPE_MISSING);
    const hit = await countHit(db, `api-key:${key.id}`, 60_000);
    if (hit.current > perMinute) throw new ApiError(429, KEY_RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil(hit.ttl / 1000)) });
    // At most one write a minute per key for "last used".
    await db
      .updateTable('api_keys')
      .set({ last_used_at: sql`now()` })
      .where('id', '=', key.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
      .execute();
    const caller = { id: key.id, orgKind: key.org_kind, orgId: key.org_id, scopes: key.scopes };
    checked.set(request, caller);
    return caller;
  });
});
