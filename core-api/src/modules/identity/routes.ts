import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  PHONE_ACCOUNT_DOMAIN,
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
} from '@shambasoko/contracts';
import type { IdentityVerifier } from '../../auth/firebase';
import type { SessionGuard } from '../../auth/sessions';
import { requireUser } from '../../auth/require-user';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError, ok } from '../../http/envelope';
import { keyedLimit, routeLimit } from '../../http/rate-limit';
import { validated } from '../../http/validate';
import {
  createAccount,
  type IssuedSession,
  login,
  logout,
  profile,
  refresh,
  sessionOfRefreshToken,
  updateProfile,
  verifiedIdentity,
} from './service';
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
  const minute = (max: number) => ({ max, windowMs: 60_000, message: TOO_MANY_ATTEMPTS });
  // One per-address counter shared by the sign-in routes (same key). A session refresh is not one of
  // them: people behind one carrier's address share it, and a refresh is limited per sign-in instead.
  const perIp = { config: { rateLimit: routeLimit(minute(config.authRateLimit.perIp), (request) => `auth-ip:${request.ip}`) } };
  const ipCounter = keyedLimit(app, minute(config.authRateLimit.perIp));
  // Counted once the provider verified the token, so nobody can spend another person's budget.
  const perAccount = keyedLimit(app, minute(config.authRateLimit.perAccount));
  const perSession = keyedLimit(app, minute(config.authRateLimit.perSession));
  // The e-mail check has budgets of its own: asking about an address never blocks its owner's sign-in.
  const emailStatusPerIp = {
    config: { rateLimit: routeLimit(minute(config.authRateLimit.emailStatus), (request) => `email-status-ip:${request.ip}`) },
  };
  const emailStatusPerAddress = keyedLimit(app, minute(config.authRateLimit.emailStatus));
  const verified = async (request: FastifyRequest, idToken: string) => {
    const identity = await verifiedIdentity(deps, idToken);
    await perAccount(request, `auth-account:${identity.uid}`);
    return identity;
  };

  app.get(
    '/v1/config',
    validated({ response: identityConfigSchema, access: 'public' }, async () => ok({ firebase: config.firebaseWeb })),
  );

  app.post(
    '/v1/auth/email-status',
    emailStatusPerIp,
    validated({ body: emailStatusRequestSchema, response: emailStatusSchema, access: 'public' }, async ({ body, request }) => {
      const email = body.email.toLowerCase();
      // A phone account's stand-in address names a phone number: nothing is looked up or told.
      if (email.endsWith(PHONE_ACCOUNT_DOMAIN)) return ok({ exists: false });
      await emailStatusPerAddress(request, `email-status:${email}`);
      return ok({ exists: await verifier.emailExists(email) });
    }),
  );

  app.post(
    '/v1/auth/create-account',
    perIp,
    validated(
      { body: createAccountRequestSchema, response: coreSignInSchema, statuses: [201], access: 'public' },
      async ({ body, request, reply }) => {
        const identity = await verified(request, body.idToken);
        const result = await createAccount(deps, identity, body.account, body.account.device);
        return reply.status(201).send(ok(handOut(reply, result), 'Account created'));
      },
    ),
  );

  app.post(
    '/v1/auth/login',
    perIp,
    validated({ body: loginRequestSchema, response: coreSignInSchema, access: 'public' }, async ({ body, request, reply }) => {
      const identity = await verified(request, body.idToken);
      return ok(handOut(reply, await login(deps, identity, body.device, 'password')), 'Signed in');
    }),
  );

  app.post(
    '/v1/auth/login/google',
    perIp,
    validated({ body: googleLoginRequestSchema, response: coreSignInSchema, access: 'public' }, async ({ body, request, reply }) => {
      const identity = await verified(request, body.idToken);
      const issued = await login(deps, identity, body.device, 'google', {
        signOutOthers: body.signOutOtherSessions,
        signUp: body.signUp ?? null,
      });
      return ok(handOut(reply, issued), 'Signed in');
    }),
  );

  app.post(
    '/v1/auth/refresh',
    validated({ response: refreshAnswerSchema, access: 'refresh-cookie' }, async ({ request, reply }) => {
      const token = refreshTokenOf(request);
      // A page load without a sign-in asks too: that is "not signed in", not a bad request.
      if (!token) throw new ApiError(401, 'Please sign in to continue.');
      // Per sign-in, so people sharing an address do not share a budget; a token no sign-in knows
      // is a guess, and counts against the address like a sign-in attempt.
      const sessionId = await sessionOfRefreshToken(db, token);
      if (sessionId) await perSession(request, `auth-session:${sessionId}`);
      else await ipCounter(request, `auth-ip:${request.ip}`);
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
