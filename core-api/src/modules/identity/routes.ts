import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  coreSignInSchema,
  createAccountRequestSchema,
  emailStatusRequestSchema,
  emailStatusSchema,
  googleLoginRequestSchema,
  identityConfigSchema,
  loginRequestSchema,
  logoutAnswerSchema,
  profileAnswerSchema,
  profileUpdateSchema,
  refreshAnswerSchema,
} from '@shambasoko/shared/contracts';
import type { IdentityVerifier } from '../../auth/firebase';
import type { SessionGuard } from '../../auth/sessions';
import { requireUser } from '../../auth/require-user';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError, ok } from '../../http/envelope';
import { keyedLimit, routeLimit } from '../../http/rate-limit';
import { validated } from '../../http/validate';
import { createAccount, type IssuedSession, login, logout, profile, refresh, updateProfile } from './service';
import type { SignInEvents } from './sign-in-events';

const bearerOf = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
/**
 * The refresh token travels only in this cookie: HttpOnly (no script can read it), SameSite=Strict
 * (no other site can make the browser send it) and scoped to the auth routes.
 */
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

export const REFRESH_COOKIE = 'shambasoko_refresh';
const REFRESH_COOKIE_PATH = '/v1/auth';

const refreshTokenOf = (request: FastifyRequest) => {
  const value = request.cookies[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : null;
};

/** Reads the e-mail claim of an unverified token, only to key the per-account rate limit. */
function emailClaim(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown };
    return typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

export interface IdentityRouteOptions {
  db: Kysely<Database>;
  config: Config;
  verifier: IdentityVerifier;
  events: SignInEvents;
  sessions: SessionGuard;
}

export const identityRoutes: FastifyPluginAsync<IdentityRouteOptions> = async (app, { db, config, verifier, events, sessions }) => {
  const deps = { db, config, verifier, events, sessions };
  const cookieOptions = { httpOnly: true, sameSite: 'strict', secure: config.nodeEnv === 'production', path: REFRESH_COOKIE_PATH } as const;
  /** Sets the refresh cookie and answers only the access token. */
  const handOut = <T extends IssuedSession>(reply: FastifyReply, issued: T): Omit<T, 'refresh'> => {
    const { refresh: refreshToken, ...rest } = issued;
    const maxAge = Math.max(0, Math.floor((refreshToken.expiresAt.getTime() - Date.now()) / 1000));
    reply.setCookie(REFRESH_COOKIE, refreshToken.token, { ...cookieOptions, maxAge });
    return rest;
  };
  // One per-IP counter shared by every sign-in route (same key), and one per account.
  const perIp = {
    config: {
      rateLimit: routeLimit(
        { max: config.authRateLimit.perIp, windowMs: 60_000, message: TOO_MANY_ATTEMPTS },
        (request) => `auth-ip:${request.ip}`,
      ),
    },
  };
  const perAccount = keyedLimit(app, { max: config.authRateLimit.perAccount, windowMs: 60_000, message: TOO_MANY_ATTEMPTS });
  const limit = async (request: FastifyRequest, accountKey: string | null) => {
    if (accountKey) await perAccount(request, `auth-account:${accountKey}`);
  };

  app.get(
    '/v1/config',
    validated({ response: identityConfigSchema, access: 'public' }, async () => ok({ firebase: config.firebaseWeb })),
  );

  app.post(
    '/v1/auth/email-status',
    perIp,
    validated({ body: emailStatusRequestSchema, response: emailStatusSchema, access: 'public' }, async ({ body, request }) => {
      await limit(request, body.email.toLowerCase());
      return ok({ exists: await verifier.emailExists(body.email.toLowerCase()) });
    }),
  );

  app.post(
    '/v1/auth/create-account',
    perIp,
    validated(
      { body: createAccountRequestSchema, response: coreSignInSchema, statuses: [201], access: 'public' },
      async ({ body, request, reply }) => {
        await limit(request, body.account.email.toLowerCase());
        const result = await createAccount(deps, body.idToken, body.account, body.account.device);
        return reply.status(201).send(ok(handOut(reply, result), 'Account created'));
      },
    ),
  );

  app.post(
    '/v1/auth/login',
    perIp,
    validated({ body: loginRequestSchema, response: coreSignInSchema, access: 'public' }, async ({ body, request, reply }) => {
      await limit(request, emailClaim(body.idToken));
      return ok(handOut(reply, await login(deps, body.idToken, body.device, 'password')), 'Signed in');
    }),
  );

  app.post(
    '/v1/auth/login/google',
    perIp,
    validated({ body: googleLoginRequestSchema, response: coreSignInSchema, access: 'public' }, async ({ body, request, reply }) => {
      await limit(request, emailClaim(body.idToken));
      return ok(handOut(reply, await login(deps, body.idToken, body.device, 'google', body.signOutOtherSessions)), 'Signed in');
    }),
  );

  app.post(
    '/v1/auth/refresh',
    perIp,
    validated({ response: refreshAnswerSchema, access: 'refresh-cookie' }, async ({ request, reply }) => {
      const token = refreshTokenOf(request);
      // A page load without a sign-in asks too: that is "not signed in", not a bad request.
      if (!token) throw new ApiError(401, 'Please sign in to continue.');
      try {
        return ok(handOut(reply, await refresh(deps, token, bearerOf(request))), 'Session refreshed');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        throw error;
      }
    }),
  );

  // Anyone may sign out: whatever session the cookie or the bearer token names ends.
  app.post(
    '/v1/auth/logout',
    validated({ response: logoutAnswerSchema, access: 'optional-session' }, async ({ request, reply }) => {
      await logout(deps, refreshTokenOf(request), request.authUser?.family ?? null);
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      return ok({}, 'Signed out');
    }),
  );

  app.get(
    '/v1/profile/status',
    validated({ response: profileAnswerSchema }, async ({ request }) => ok({ user: await profile(db, requireUser(request).id) })),
  );

  app.patch(
    '/v1/profile',
    {
      // Signed-out callers hear about signing in before any field.
      preHandler: async (request) => {
        requireUser(request);
      },
    },
    validated({ body: profileUpdateSchema, response: profileAnswerSchema }, async ({ body, request }) =>
      ok({ user: await updateProfile(db, requireUser(request).id, body) }, 'Profile saved'),
    ),
  );
};
