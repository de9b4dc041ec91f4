import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import type { ApiKeyScope, AppRole } from '@shambasoko/contracts';
import type {} from '../auth/api-keys';
import type {} from '../auth/operator';
import type {} from '../auth/roles';
import { ApiError } from './envelope';
import { describeZodError } from './error-handler';

/**
 * What a route declares: each request part is parsed (and coerced) by zod; the rest describes the
 * answer for the OpenAPI document (answers are not re-validated at run time).
 */
export interface RequestSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Header names in lower case, as Node gives them. */
  headers?: z.ZodType;
  /** The body of a successful envelope; with `produces`, the whole answer. */
  response?: z.ZodType;
  /** Success statuses when not just 200, e.g. [201], or [201, 200] when a replay answers the first result. */
  statuses?: readonly number[];
  /** Set when a success is not the JSON envelope: its media types (e.g. an image file). */
  produces?: readonly string[];
  /**
   * Who may call it. Default `user`: a signed-in user's bearer token (`requireUser`). `optional-user`:
   * anyone, a bearer token changes the answer; `refresh-cookie`: the refresh cookie stands for the user;
   * `optional-session`: anyone, the cookie or the bearer token names a session.
   * `operator`: the deploy commands, by the operator token in header x-operator-token (401 otherwise).
   * `api-key`: a partner's API key allowing `scope` (Bearer sk_… or X-Api-Key; 401, or 403 without the scope).
   * openapi.test.ts calls every route anonymously to hold this to the truth.
   */
  access?: 'user' | 'public' | 'optional-user' | 'optional-session' | 'refresh-cookie' | 'operator' | 'api-key';
  /** With `access: 'api-key'`: the scope the key must hold. */
  scope?: ApiKeyScope;
  /** An account role (or one of several) the caller must hold (checked against the database, before the input): 403 otherwise. */
  role?: AppRole | readonly AppRole[];
}

/** The schemas each validated handler declared, read back when the OpenAPI document is built. */
export const declaredSchemas = new WeakMap<RouteHandlerMethod, RequestSchemas>();

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface ValidatedRequest<S extends RequestSchemas> {
  headers: Parsed<S['headers']>;
  body: Parsed<S['body']>;
  query: Parsed<S['query']>;
  params: Parsed<S['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Wraps a handler so it receives typed, parsed input; a bad request never reaches it but becomes
 * a 400 whose customerMessage names the field ("email: Invalid email address").
 */
export function validated<S extends RequestSchemas>(
  schemas: S,
  handler: (input: ValidatedRequest<S>) => Promise<unknown>,
): RouteHandlerMethod {
  const route: RouteHandlerMethod = async (request, reply) => {
    if (schemas.access === 'operator') request.server.requireOperator(request);
    if (schemas.access === 'api-key') await request.server.requireApiKey(request, schemas.scope!);
    if (schemas.role) await request.server.requireRole(request, schemas.role);
    const input = {
      headers: parse(schemas.headers, request.headers, 'headers'),
      body: parse(schemas.body, request.body, 'body'),
      query: parse(schemas.query, request.query, 'query'),
      params: parse(schemas.params, request.params, 'params'),
      request,
      reply,
    } as ValidatedRequest<S>;
    return handler(input);
  };
  declaredSchemas.set(route, schemas);
  return route;
}

function parse(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (schema === undefined) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, describeZodError(result.error, part));
  return result.data;
}
