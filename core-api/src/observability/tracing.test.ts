import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { CreatedWebhook } from '@shambasoko/contracts';
import { createTestUser } from '../testing/auth';
import { startTestApp, type TestApp } from '../testing/test-app';
import { REQUEST_ID_ATTRIBUTE, parentFromTraceparent, startTracing, tracingWanted } from './tracing';

describe('tracing is off unless configured', () => {
  it('reads OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and TRACING', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ TRACING: 'otlp' })).toBe(true);
    expect(tracingWanted({ TRACING: 'off', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
  });
});

describe('one request, one trace: the HTTP span with its database and provider spans', () => {
  const exporter = new InMemorySpanExporter();
  let stopTracing: (() => Promise<void>) | null;
  let t: TestApp;
  let receiver: http.Server;
  let receiverUrl: string;

  beforeAll(async () => {
    stopTracing = await startTracing({}, exporter);
    t = await startTestApp();
    // The partner's webhook receiver stands in for a provider.
    receiver = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.end('ok'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await t?.close();
    await stopTracing?.();
  });

  it('shares the trace id and the request id attribute', async () => {
    const admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
    const created = await t.request({
      method: 'POST',
      url: '/v1/admin/integrations/webhooks',
      headers: admin.headers,
      payload: { org: { kind: 'partner', name: 'Tracing partner' }, url: receiverUrl, events: ['order.placed'] },
    });
    expect(created.statusCode).toBe(201);
    const { webhook } = created.json<{ body: CreatedWebhook }>().body;
    exporter.reset();

    // Reads the webhook, queues the event, and sends it to the receiver within the request's context.
    const requestId = 'trace-me-0001';
    const res = await t.request({
      method: 'POST',
      url: `/v1/admin/integrations/webhooks/${webhook.id}/test`,
      headers: { ...admin.headers, 'x-request-id': requestId },
    });
    expect(res.statusCode).toBe(200);
    const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
    const providerSpan = () => spans().find((s) => s.name === 'webhook POST' && s.attributes[REQUEST_ID_ATTRIBUTE] === requestId);
    for (let i = 0; i < 200 && providerSpan() === undefined; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));

    const server = spans().find((s) => s.kind === SpanKind.SERVER && s.attributes[REQUEST_ID_ATTRIBUTE] === requestId);
    expect(server).toBeDefined();
    expect(server!.name).toBe('POST /v1/admin/integrations/webhooks/:id/test');
    expect(server!.attributes['http.response.status_code']).toBe(200);
    const traceId = server!.spanContext().traceId;
    const serverSpanId = server!.spanContext().spanId;

    const children = spans().filter((s) => s.spanContext().traceId === traceId && s !== server);
    const db = children.filter((s) => s.name.startsWith('db '));
    expect(db.length).toBeGreaterThan(0);
    expect(db.some((s) => String(s.attributes['db.query.text']).includes('webhook_endpoints'))).toBe(true);
    expect(db.every((s) => s.parentSpanContext?.spanId === serverSpanId)).toBe(true);
    expect(db.every((s) => s.attributes[REQUEST_ID_ATTRIBUTE] === requestId)).toBe(true);

    const provider = providerSpan();
    expect(provider).toBeDefined();
    expect(provider!.kind).toBe(SpanKind.CLIENT);
    expect(provider!.spanContext().traceId).toBe(traceId);
    expect(provider!.parentSpanContext?.spanId).toBe(serverSpanId);
    // No statement value and no secret: the statement text has placeholders only.
    expect(JSON.stringify(db.map((s) => s.attributes))).not.toContain('whsec_');
  });

  it("continues a caller's trace from a well-formed traceparent header, and ignores a bad one", async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    exporter.reset();
    const joined = await t.request({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'trace-parent-1', traceparent: `00-${callerTrace}-${callerSpan}-01` },
    });
    expect(joined.statusCode).toBeLessThan(500);
    const bad = await t.request({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'trace-parent-2', traceparent: `00-${'0'.repeat(32)}-${callerSpan}-01` },
    });
    expect(bad.statusCode).toBeLessThan(500);
    const server = (id: string) =>
      exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER && s.attributes[REQUEST_ID_ATTRIBUTE] === id);
    expect(server('trace-parent-1')?.spanContext().traceId).toBe(callerTrace);
    expect(server('trace-parent-1')?.parentSpanContext?.spanId).toBe(callerSpan);
    expect(server('trace-parent-2')?.spanContext().traceId).not.toBe('0'.repeat(32));
    expect(server('trace-parent-2')?.parentSpanContext).toBeUndefined();
  });
});

describe('parentFromTraceparent', () => {
  const id = (header: string | undefined) => trace.getSpanContext(parentFromTraceparent(header))?.traceId;
  it('reads the W3C format and nothing else', () => {
    expect(id('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(id('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00-later')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    for (const bad of [
      undefined,
      '',
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
      `00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01${'\u0000'}`,
      'x'.repeat(100_000),
    ])
      expect(id(bad)).toBeUndefined();
  });
});
