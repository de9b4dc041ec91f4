import type { z } from 'zod';
import { routeOf } from '@shambasoko/contracts/api-routes';

/** One recorded call to the mocked core API. */
export interface ApiCall {
  method: string;
  path: string;
  url: URL;
  search: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export type Answer = { status?: number; body?: unknown; message?: string };
export type Handler = (call: ApiCall) => Answer | undefined | Promise<Answer | undefined>;

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
}

/** How a fake answer (or the request the page sent) departs from the route's contract schemas. */
export function contractBreaches(call: Pick<ApiCall, 'method' | 'path' | 'body'>, status: number, body: unknown): string[] {
  const route = routeOf(call.method, call.path);
  const ok = status < 400;
  if (!route) return ok ? [`${call.method} ${call.path}: no contract for this route in contracts/src/api-routes.ts`] : [];
  const found: string[] = [];
  const sent = route.request?.safeParse(call.body);
  if (sent && !sent.success) found.push(`${call.method} ${call.path} request: ${describe(sent.error)}`);
  const answered = ok ? route.response.safeParse(body) : undefined;
  if (answered && !answered.success) found.push(`${call.method} ${call.path} answer: ${describe(answered.error)}`);
  return found;
}

/** Contract breaches seen by the mock in the running test; any one fails it after it ends. */
let breaches: string[] = [];

afterEach(() => {
  const seen = breaches;
  breaches = [];
  if (seen.length > 0) throw new Error(`The mocked API broke the contract (contracts/src):\n${seen.join('\n')}`);
});

/**
 * Replaces fetch with answers in the core API's envelope. Either a table keyed "METHOD /path" (no
 * query) or one function that sees every call and answers undefined for what it does not know. An
 * unknown call answers 404, so a test never silently reaches the network. A successful answer is
 * parsed with the route's response schema and a request body with its request schema, so a fake that
 * drifts from the contract (or a form that sends what the API would refuse) fails the test.
 */
export function mockApi(handlers: Record<string, Handler> | Handler) {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      url,
      search: url.searchParams,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = typeof handlers === 'function' ? handlers : handlers[`${call.method} ${call.path}`];
    const answer = handler ? await handler(call) : undefined;
    const status = answer ? (answer.status ?? 200) : 404;
    const ok = status < 400;
    if (answer) breaches.push(...contractBreaches(call, status, answer.body ?? null));
    const envelope = { header: { isSuccess: ok, customerMessage: answer?.message ?? (ok ? '' : 'Not found') }, body: answer?.body ?? null };
    // jsdom has no Response; the API client reads only these members.
    return { ok, status, statusText: ok ? 'OK' : 'Error', json: async () => envelope } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, writes: () => calls.filter((c) => c.method !== 'GET') };
}

/** A one-page list answer. */
export const listPage = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
