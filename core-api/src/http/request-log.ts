import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withRequestId } from '../observability/context';
import { observeRequest } from '../observability/metrics';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Printable ASCII, 1–128 characters: anything else could forge log lines or bloat every one of them. */
const ACCEPTABLE_ID = /^[\x20-\x7e]{1,128}$/;

/**
 * The caller's request id (a proxy's or a client's, so one id follows a request across systems)
 * when it is safe to log and echo; otherwise a fresh random one, unique across processes.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && ACCEPTABLE_ID.test(header) ? header : randomUUID();
}

/**
 * Every answer names its request id, and every request leaves one info line: method, route pattern
 * (never the raw URL, whose path or query may carry personal data), status, duration. No bodies,
 * headers or cookies.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // The rest of the request runs inside its id, so provider calls and their logs can carry it on.
  app.addHook('onRequest', (request, _reply, done) => withRequestId(request.id, done));
  // onSend: every answer given with reply.send passes through it, error answers included.
  // Callback hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    logRequest(request, reply);
    done();
  });
}

const QUIET_LEVELS = new Set(['warn', 'error', 'fatal', 'silent']);

/** The request's one line and its metrics; the router's refusals, which run no hook, call it themselves. */
export function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  const route = request.routeOptions.url;
  const elapsedMs = reply.elapsedTime;
  observeRequest(request.method, route, reply.statusCode, elapsedMs / 1000);
  // At LOG_LEVEL warn or above the line is never written: skip building it.
  if (QUIET_LEVELS.has(request.log.level)) return;
  request.log.info(
    { method: request.method, route: route ?? null, status: reply.statusCode, durationMs: Math.round(elapsedMs * 10) / 10 },
    'request',
  );
}
