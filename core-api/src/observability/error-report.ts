import { randomUUID } from 'node:crypto';
import { processLogger } from '../logger';

interface Target {
  url: string;
  auth: string;
  dsn: string;
}
let target: Target | undefined;
let environment = 'development';

/**
 * A Sentry-compatible DSN (https://KEY@HOST/PROJECT): 5xx answers and job failures are posted to its
 * envelope endpoint. Unset (the default): nothing is sent. No SDK: one POST per error is all we need.
 */
export function configureErrorReports(dsn: string | undefined, nodeEnv: string): void {
  environment = nodeEnv;
  target = undefined;
  if (dsn === undefined) return;
  const parsed = new URL(dsn);
  const project = parsed.pathname.split('/').filter(Boolean).pop();
  if (!parsed.username || !project) throw new Error('SENTRY_DSN must look like https://KEY@HOST/PROJECT');
  const base = parsed.pathname.split('/').filter(Boolean).slice(0, -1).join('/');
  target = {
    url: `${parsed.protocol}//${parsed.host}/${base ? `${base}/` : ''}api/${project}/envelope/`,
    auth: `Sentry sentry_version=7, sentry_key=${parsed.username}, sentry_client=shambasoko-core-api/0.1`,
    dsn,
  };
}

/**
 * Reports an error, never waiting for or failing on the report: the caller's answer or job goes on.
 * Tags say where (request id and route, or job); no bodies, headers or user data.
 */
export function reportError(error: unknown, tags: Record<string, string>): Promise<void> {
  const to = target;
  if (to === undefined) return Promise.resolve();
  const eventId = randomUUID().replaceAll('-', '');
  const err = error instanceof Error ? error : new Error(String(error));
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: 'node',
    level: 'error',
    environment,
    tags,
    exception: { values: [{ type: err.name, value: err.message.slice(0, 500), stacktrace: { frames: framesOf(err) } }] },
  };
  const body = [
    JSON.stringify({ event_id: eventId, dsn: to.dsn, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
  return fetch(to.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': to.auth },
    body,
    signal: AbortSignal.timeout(5_000),
  }).then(
    () => undefined,
    (failure: unknown) => processLogger.warn({ err: failure }, 'error report not sent'),
  );
}

/** Sentry lists frames oldest first. */
function framesOf(error: Error): Array<{ function: string; filename: string; lineno?: number }> {
  const lines = (error.stack ?? '').split('\n').slice(1, 30);
  return lines
    .map((line) => /at (?:(.+?) \()?(.+?):(\d+):\d+\)?$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ function: match[1] ?? '?', filename: match[2] ?? '?', lineno: Number(match[3]) }))
    .reverse();
}
