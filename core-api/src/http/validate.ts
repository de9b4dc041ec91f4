import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import { ApiError } from './envelope';
import { describeZodError } from './error-handler';

/**
 * What a route declares: each request part is parsed (and coerced) by zod; `response` is the body of a
 * successful envelope, for the OpenAPI document (answers are not re-validated at run time).
 */
export interface RequestSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
}

/** The schemas each validated handler declared, read back when the OpenAPI document is built. */
export const declaredSchemas = new WeakMap<RouteHandlerMethod, RequestSchemas>();

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface ValidatedRequest<S extends RequestSchemas> {
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
    const input = {
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
