/** One recorded call to the mocked core API. */
export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; message?: string };
export type Handler = (call: ApiCall) => Answer | Promise<Answer>;

/**
 * Replaces fetch with answers in the core API's envelope. Keys are "METHOD /path" (no query);
 * an unknown route answers 404 so a test never silently hits the network.
 */
export function mockApi(handlers: Record<string, Handler>): { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    const answer = handler ? await handler(call) : { status: 404, message: 'Not found' };
    const status = answer.status ?? 200;
    const ok = status < 400;
    const envelope = { header: { isSuccess: ok, customerMessage: answer.message ?? '' }, body: answer.body ?? null };
    // jsdom has no Response; the API client reads only these members.
    return { ok, status, statusText: ok ? 'OK' : 'Error', json: async () => envelope } as Response;
  }) as typeof fetch;
  return { calls };
}
