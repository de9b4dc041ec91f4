import type { LogEvent } from 'kysely';
import { processLogger } from '../logger';
import { currentRequestId } from '../observability/context';
import { recordStatement } from '../observability/tracing';

/**
 * A statement slower than this leaves a warn line (SLOW_STATEMENT_MS, default 500; 0 turns the line
 * off). Tests leave it off unless they set it: a busy test machine is slow everywhere.
 */
const SLOW_STATEMENT_MS = Number(process.env.SLOW_STATEMENT_MS ?? (process.env.NODE_ENV === 'test' ? 0 : 500)) || 0;

/**
 * Kysely's log hook, on every database handle: a slow statement's line names the request (or job
 * run) it ran for, and, when tracing is on, each statement becomes a span of that request's trace.
 * Both read the request id from the async context, so the SQL text stays the same for every request
 * and statements stay prepared by name (database.ts).
 */
export function logStatement(event: LogEvent): void {
  const text = event.query.sql;
  recordStatement(text, event.queryDurationMillis, event.level === 'error' ? event.error : undefined);
  if (SLOW_STATEMENT_MS > 0 && event.queryDurationMillis >= SLOW_STATEMENT_MS) {
    processLogger.warn(
      { reqId: currentRequestId() ?? null, durationMs: Math.round(event.queryDurationMillis), statement: text.slice(0, 300) },
      'slow statement',
    );
  }
}
