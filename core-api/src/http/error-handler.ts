import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { reportError } from '../observability/error-report';
import { ApiError, fail } from './envelope';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
/** What a 429 that named no wait of its own tells the client (every limit's window is a minute or more). */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Fastify's own client errors, reworded for people; other FST_ 4xx codes keep Fastify's text. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but was sent as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported. Send JSON.',
};

/**
 * Shown to clients: "email: Invalid email address; name: Too short". `whole` names the value
 * itself for issues without a field path (e.g. a missing body).
 */
export function describeZodError(error: ZodError, whole = 'request'): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length === 0 ? whole : issue.path.map(String).join('.')}: ${issue.message}`)
    .join('; ');
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = classify(error);
    if (status >= 500) {
      // The stack goes to the server log only; the client sees the generic message.
      request.log.error({ err: error }, 'request failed');
      void reportError(error, { requestId: request.id, route: request.routeOptions.url ?? 'unmatched', method: request.method });
    }
    // A client told when to ask again waits instead of giving up (or hammering).
    const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) reply.header('retry-after', Math.max(1, Math.ceil(retryAfter)));
    else if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', DEFAULT_RETRY_AFTER_SECONDS);
    return reply.status(status).send(fail(message));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathOnly = request.url.split('?')[0] ?? request.url;
    return reply.status(404).send(fail(`Route ${request.method} ${truncate(pathOnly, 200)} not found`));
  });
}

function classify(error: FastifyError | Error): { status: number; message: string } {
  if (error instanceof ApiError) return { status: error.status, message: error.customerMessage };
  if (error instanceof ZodError) return { status: 400, message: describeZodError(error) };

  // Fastify's client errors (bad JSON, too large, and schema validation if a route ever uses it).
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (fastifyError.code?.startsWith('FST_') && status !== undefined && status >= 400 && status < 500) {
    return { status, message: FASTIFY_MESSAGES[fastifyError.code] ?? error.message };
  }
  return { status: 500, message: GENERIC_ERROR_MESSAGE };
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
