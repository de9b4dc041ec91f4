import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from './envelope';
import { postgresRateLimitStore } from './rate-limit-store';

/**
 * Registers @fastify/rate-limit with the shared PostgreSQL store. Nothing is limited globally:
 * a route opts in with `config: { rateLimit: routeLimit(...) }`, or checks in its handler with `keyedLimit`.
 */
export async function registerRateLimits(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(db) });
}

export interface Limit {
  max: number;
  windowMs: number;
  /** The customerMessage of the 429 envelope. */
  message: string;
}

/** A route's `config.rateLimit`: counted before the handler (preHandler, so authUser is known). */
export function routeLimit(limit: Limit, key: (request: FastifyRequest) => string): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'preHandler',
    keyGenerator: key,
    errorResponseBuilder: () => new ApiError(429, limit.message),
  };
}

/**
 * A limit checked inside a handler, for keys known only after the body is validated (an e-mail, the
 * signed-in user) or for a second limit on a route: the plugin runs one route limit per request.
 */
export function keyedLimit(app: FastifyInstance, limit: Limit): (request: FastifyRequest, key: string) => Promise<void> {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => keys.get(request) ?? '' });
  return async (request, key) => {
    keys.set(request, key);
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw new ApiError(429, limit.message, { retryAfterSeconds: result.ttlInSeconds });
  };
}
