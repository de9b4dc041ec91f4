import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
  // onSend: every answer given with reply.send passes through it, error answers included.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => logRequest(request, reply));
}

/** The request's one line; the router's refusals, which run no hook, call it themselves. */
export function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  request.log.info(
    {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    },
    'request',
  );
}
