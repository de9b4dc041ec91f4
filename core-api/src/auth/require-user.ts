import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/envelope';
import type { SessionGuard } from './sessions';
import { verifyAccessToken } from './tokens';

export interface AuthUser {
  id: string;
  /** Refresh-token family of this session (logout revokes it). */
  family: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

/** Status for an expired access token: the client refreshes once and retries. */
const TOKEN_EXPIRED_STATUS = 407;

/** Reads the bearer token of every request into `request.authUser` (null when absent). */
export const authPlugin = fp(async function auth(app: FastifyInstance, { secret, sessions }: { secret: string; sessions: SessionGuard }) {
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    // A partner's API key is not a user's token: the routes that take one check it (api-keys.ts).
    if (/^Bearer\s+sk_/i.test(header)) return;
    // Refresh and logout read a possibly expired bearer themselves; answering 407 there would loop.
    if (request.url.startsWith('/v1/auth/refresh') || request.url.startsWith('/v1/auth/logout')) {
      const result = await verifyAccessToken(secret, header.replace(/^Bearer\s+/i, ''), { ignoreExpiry: true });
      if (result.ok) request.authUser = { id: result.claims.sub, family: result.claims.fam };
      return;
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'Please sign in to continue.');
    const result = await verifyAccessToken(secret, match[1]);
    if (!result.ok) {
      throw result.reason === 'expired'
        ? new ApiError(TOKEN_EXPIRED_STATUS, 'Your session has expired. Please sign in again.')
        : new ApiError(401, 'Please sign in to continue.');
    }
    // Signed is not enough: a signed-out, revoked or worn-out session ends its tokens at once.
    if (!(await sessions.isActive(result.claims.fam, result.claims.sub)))
      throw new ApiError(401, 'Your session has ended. Please sign in again.');
    request.authUser = { id: result.claims.sub, family: result.claims.fam };
  });
});

/** The signed-in user, or a 401 for an anonymous request. Call it first in every protected handler. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new ApiError(401, 'Please sign in to continue.');
  return request.authUser;
}
