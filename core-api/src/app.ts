import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Kysely } from 'kysely';
import { assertSafeIdentityConfig, createIdentityVerifier, type IdentityVerifier } from './auth/firebase';
import { createSessionGuard, type SessionGuard } from './auth/sessions';
import { operatorPlugin, operatorToken } from './auth/operator';
import { rolesPlugin } from './auth/roles';
import { apiKeyPlugin } from './auth/api-keys';
import { integrationRoutes } from './modules/integrations/routes';
import { adminAccountRoutes } from './modules/admin/accounts/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { announcementRoutes } from './modules/announcements';
import { jobRoutes } from './jobs/routes';
import { adminOrderRoutes } from './modules/admin/orders/routes';
import { adminOverviewRoutes } from './modules/admin/overview/routes';
import { adminProductRoutes } from './modules/admin/products/routes';
import { adminReconciliationRoutes } from './modules/admin/reconciliation/routes';
import { adminRefundRoutes } from './modules/admin/refunds/routes';
import { authPlugin } from './auth/require-user';
import { identityRoutes } from './modules/identity/routes';
import { createSignInEvents } from './modules/identity/sign-in-events';
import type { Config } from './config';
import type { Database } from './db/schema';
import { registerErrorHandlers } from './http/error-handler';
import { registerCompression } from './http/compression';
import { registerInputGuard } from './http/input-guard';
import { registerLanguage } from './http/language';
import { registerOpenApi } from './http/openapi';
import { registerRateLimits } from './http/rate-limit';
import { logRequest, REQUEST_ID_HEADER, registerRequestLog, requestIdFrom } from './http/request-log';
import { writeReplaysPlugin } from './http/write-replays';
import { configureErrorReports } from './observability/error-report';
import { metricsRoute } from './observability/metrics';
import { registerHttpTracing } from './observability/tracing';
import { contentRoutes } from './modules/content/routes';
import { healthRoutes } from './modules/health/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { farmRoutes } from './modules/farm/routes';
import { claimInvitations } from './modules/farm/members/invitations';
import { marketRoutes } from './modules/market/routes';
import { meRoutes } from './modules/me/routes';
import { messageRoutes } from './modules/messages';
import { registryRoutes } from './modules/registry/routes';
import { payoutRoutes } from './modules/payments/payouts-routes';
import { paymentRoutes } from './modules/payments/routes';
import { connectOrderSide } from './modules/payments';
import { connectFarmReports, paymentOrderSide } from './modules/market';
import { openFarmReport } from './modules/farm';
import { named } from './http/plugin-name';

/** The API answers data only: nothing in it may load, run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};
/** Production is served over https only: two years, subdomains included. */
const HSTS = 'max-age=63072000; includeSubDomains';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: Array<{ method: string; url: string }>;
  }
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify treats a bare hop count as "trust nobody", so a count is
 * passed as proxy-addr's function: the nearest `hops` addresses (the socket's peer first) are proxies.
 */
function trustedProxies(setting: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** One bucket, one client: listing and message photos under the disk store's folder names. */
async function photoStoresFor(config: Config) {
  const settings = config.photoStorage;
  if (settings === null) return undefined;
  // The AWS SDK loads only when photos live in a bucket.
  const { s3Client, S3PhotoStore } = await import('./storage/s3-photo-store');
  const client = s3Client(settings);
  return {
    client,
    listings: new S3PhotoStore(client, settings.bucket, 'uploads'),
    messages: new S3PhotoStore(client, settings.bucket, 'message-photos'),
  };
}

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: Config;
  /** The identity provider check; defaults to firebase-admin (the emulator when configured). */
  verifier?: IdentityVerifier;
  /** Defaults to on, except under NODE_ENV=test where it would bury test output. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them); turns the logger on. */
  logStream?: DestinationStream;
  /** The per-request session check; defaults to one over `db` with an in-process cache. */
  sessions?: SessionGuard;
}

// Payments learn of orders through the market's side of their interface, connected here (the composition root).
connectOrderSide(paymentOrderSide);
// A shared link may open a farm report: the farm writes it, the market's links open it.
connectFarmReports(openFarmReport);

/** Builds the app without listening, so tests can drive it with `app.inject`. */
export async function buildApp({
  db,
  config,
  verifier,
  logger = config.nodeEnv !== 'test',
  logStream,
  sessions = createSessionGuard(db),
}: BuildAppOptions): Promise<FastifyInstance> {
  // Here rather than in server.ts, so no entry point (server, tests, benches) can skip it.
  assertSafeIdentityConfig(config, process.env);
  configureErrorReports(config.sentryDsn, config.nodeEnv);
  verifier ??= createIdentityVerifier(config);
  // One line per request at info (LOG_LEVEL, default info), written by registerRequestLog: Fastify's
  // own request lines carry the full URL, query string included.
  // Only the configured proxy may name the client (TRUST_PROXY): the per-address limits key on it.
  const app = Fastify({
    trustProxy: trustedProxies(config.trustProxy),
    logger: logger || logStream ? { level: config.logLevel, ...(logStream && { stream: logStream }) } : false,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    bodyLimit: 1024 * 1024,
    // Bad URLs and over-long path parameters are refused by the router before any route runs.
    frameworkErrors: (error, request, reply) => {
      // No hook runs for these answers: the id and the log line are seen to here.
      void reply.header(REQUEST_ID_HEADER, request.id);
      reply.raw.once('finish', () => logRequest(request, reply as FastifyReply));
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message = status === 414 ? 'The address is too long.' : 'The address of this request is not valid.';
      void (reply as FastifyReply).code(status).send({ header: { isSuccess: false, customerMessage: message }, body: null });
    },
    // A request the HTTP parser cannot read still gets the envelope, not the framework's own body.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return socket.destroy(error);
      const body = JSON.stringify({
        header: { isSuccess: false, customerMessage: 'The request could not be read. Please try again.' },
        body: null,
      });
      const headers = {
        ...API_SECURITY_HEADERS,
        'content-security-policy': API_CSP,
        'content-type': 'application/json; charset=utf-8',
        [REQUEST_ID_HEADER]: randomUUID(),
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      socket.end(
        `HTTP/1.1 400 Bad Request\r\n${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('')}\r\n${body}`,
      );
    },
  });

  // The route table, for tests that walk every route (e.g. the bad-input property test).
  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });

  registerRequestLog(app);
  registerHttpTracing(app);
  registerErrorHandlers(app);
  registerLanguage(app);
  registerInputGuard(app);
  // Before the routes: it collects them as they register.
  registerOpenApi(app);
  // API answers are data, never documents: nothing may run or frame them, and they are not cached.
  const production = config.nodeEnv === 'production';
  // A callback hook, not an async one: it runs on every answer, and a promise per hook per request adds up.
  const securityHeaders = production ? { ...API_SECURITY_HEADERS, 'strict-transport-security': HSTS } : API_SECURITY_HEADERS;
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(securityHeaders);
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // After the headers above, before the answer is written: GET answers of 1 kB or more go out compressed.
  registerCompression(app);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });

  await app.register(cookie);
  await registerRateLimits(app, db);
  await app.register(authPlugin, { secret: config.jwtSecret, sessions });
  app.addHook('onClose', async () => sessions.detach());
  await app.register(writeReplaysPlugin, { db });
  await app.register(rolesPlugin, { db });
  await app.register(operatorPlugin, { token: operatorToken(config) });
  await app.register(apiKeyPlugin, { db, perMinute: 120 });
  const signInEvents = createSignInEvents();
  const photoStores = await photoStoresFor(config);
  // Its keep-alive sockets would otherwise hold the process (and a test run) open.
  if (photoStores) app.addHook('onClose', async () => photoStores.client.destroy());
  // Farm invitations sent to this e-mail become memberships at sign-up or sign-in (idempotent), but
  // only once the person has proved the address is theirs: anyone can sign up with any address.
  signInEvents.on(async (database, user) => {
    if (user.emailVerified) await claimInvitations(database, user.id, user.email);
  });
  await app.register(named(identityRoutes), { db, config, verifier, events: signInEvents, sessions });
  await app.register(named(healthRoutes), { db });
  await app.register(named(contentRoutes), { db });
  await app.register(named(notificationRoutes), { db, config });
  await app.register(named(marketRoutes), { db, config, photoStore: photoStores?.listings });
  await app.register(named(farmRoutes), { db });
  await app.register(named(meRoutes), { db, verifier, sessions });
  await app.register(named(registryRoutes), { db, config });
  await app.register(named(adminAccountRoutes), { db, sessions });
  await app.register(named(adminOrderRoutes), { db });
  await app.register(named(adminOverviewRoutes), { db });
  await app.register(named(adminProductRoutes), { db });
  await app.register(named(adminReconciliationRoutes), { db });
  await app.register(named(adminRefundRoutes), { db });
  await app.register(named(paymentRoutes), { db, config });
  await app.register(named(payoutRoutes), { db, config });
  await app.register(named(analyticsRoutes), { db });
  await app.register(named(messageRoutes), { db, dataDir: config.dataDir, photoStore: photoStores?.messages });
  await app.register(named(jobRoutes), { db, config });
  await app.register(named(announcementRoutes), { db });
  metricsRoute(app, { production, token: config.metricsToken });
  await app.register(named(integrationRoutes), { db, config });
  return app;
}
