import { type Context, context, type Span, SpanKind, SpanStatusCode, trace, TraceFlags, type Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentRequestId } from './context';

/**
 * OpenTelemetry traces (README "Operating it"): one span per HTTP request (named by route pattern),
 * with a child per database statement and per provider call. Off unless OTEL_EXPORTER_OTLP_ENDPOINT
 * (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set or TRACING=otlp; off, every helper here is one null
 * check and the SDK is never loaded.
 */
let tracer: Tracer | null = null;

/** Every span carries the request (or job run) id, to join traces to the log lines. */
export const REQUEST_ID_ATTRIBUTE = 'shambasoko.request_id';

export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  const tracing = env.TRACING?.trim();
  if (tracing === 'off') return false;
  return tracing === 'otlp' || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Starts tracing when the environment asks for it (spans go by OTLP/HTTP, batched), or always with
 * `exporter` (tests: an in-memory one, each span exported as it ends). Returns what stops it
 * (flushing what is left), or null when tracing stays off.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env, exporter?: SpanExporter): Promise<(() => Promise<void>) | null> {
  if (exporter === undefined && !tracingWanted(env)) return null;
  const [
    { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor },
    { AsyncLocalStorageContextManager },
    { resourceFromAttributes },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
  ]);
  const processor =
    exporter === undefined
      ? new BatchSpanProcessor(new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter())
      : new SimpleSpanProcessor(exporter);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || 'shambasoko-core-api' }),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('shambasoko-core-api');
  return async () => {
    tracer = null;
    await provider.shutdown();
    trace.disable();
    context.disable();
  };
}

function withRequestIdAttribute(span: Span): Span {
  const id = currentRequestId();
  if (id !== undefined) span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
  return span;
}

/** A provider call (Daraja, the card gateway, Africa's Talking, SMTP, web push, S3, webhooks) as a client span. */
export async function traced<T>(provider: string, operation: string, call: () => Promise<T>): Promise<T> {
  if (tracer === null) return call();
  const span = withRequestIdAttribute(
    tracer.startSpan(`${provider} ${operation}`, { kind: SpanKind.CLIENT, attributes: { 'shambasoko.provider': provider } }),
  );
  try {
    return await context.with(trace.setSpan(context.active(), span), call);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * One database statement, recorded once it finished (Kysely's log hook gives its duration): a child
 * of whatever span is active, with the statement's text ($1 placeholders, never values).
 */
export function recordStatement(text: string, durationMs: number, error?: unknown): void {
  if (tracer === null) return;
  const end = Date.now();
  const operation = /^\s*(?:\/\*.*?\*\/\s*)?(\w+)/s.exec(text)?.[1]?.toLowerCase() ?? 'statement';
  const span = withRequestIdAttribute(
    tracer.startSpan(`db ${operation}`, {
      kind: SpanKind.CLIENT,
      startTime: end - durationMs,
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text.slice(0, 2000) },
    }),
  );
  if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  span.end(end);
}

const requestSpans = new WeakMap<FastifyRequest, Span>();

// W3C Trace Context: version-traceid-parentid-flags, lower-case hex; version ff and all-zero ids are invalid.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;

/**
 * The caller's trace, when its `traceparent` header is well formed (a gateway or a partner that
 * traces too), so our server span joins it; anything else starts a new trace.
 */
export function parentFromTraceparent(header: string | string[] | undefined, base: Context = context.active()): Context {
  if (typeof header !== 'string' || header.length > 512) return base;
  const match = TRACEPARENT.exec(header.trim());
  if (match === null) return base;
  const [, version, traceId, spanId, flags] = match as unknown as [string, string, string, string, string];
  if (version === 'ff' || (version === '00' && header.trim().length !== 55)) return base;
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return base;
  const traceFlags = Number.parseInt(flags, 16) & TraceFlags.SAMPLED;
  return trace.setSpanContext(base, { traceId, spanId, traceFlags, isRemote: true });
}

/**
 * A server span per request, named by its route pattern (never the raw path), active for the rest of
 * the request so statements and provider calls become its children. Registered only when tracing is on.
 */
export function registerHttpTracing(app: FastifyInstance): void {
  if (tracer === null) return;
  app.addHook('onRequest', (request, _reply, done) => {
    if (tracer === null) return done();
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route, [REQUEST_ID_ATTRIBUTE]: request.id },
      },
      parentFromTraceparent(request.headers.traceparent),
    );
    requestSpans.set(request, span);
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = requestSpans.get(request);
    if (span === undefined) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}
