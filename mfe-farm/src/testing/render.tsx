import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

/** Renders inside a router and a fresh query client that does not retry (failures show at once). */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

type Handler = (url: URL, init: RequestInit) => { status?: number; body?: unknown; message?: string } | undefined;

export interface FetchCall {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * Replaces globalThis.fetch with answers in the core API's envelope. The handler returns the body
 * (and a status); an unhandled call answers 404 so a test notices it.
 */
export function mockApi(handler: Handler) {
  const calls: FetchCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = handler(url, { ...init, method });
    const status = answer?.status ?? (answer ? 200 : 404);
    const ok = status < 400;
    const envelope = { header: { isSuccess: ok, customerMessage: answer?.message ?? (ok ? 'OK' : 'Not found') }, body: answer?.body ?? null };
    // jsdom has no Response: the client only reads ok, status, statusText and json().
    return { ok, status, statusText: '', json: async () => envelope } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, writes: () => calls.filter((c) => c.method !== 'GET') };
}

export const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

/** A dialog's API: the cascading selects' options from /v1/filters, empty lists, and `saved` for every write. */
export function mockDialogApi(filters: unknown, saved: { status?: number; body?: unknown } = { status: 201, body: {} }) {
  return mockApi((url, init) => (init.method !== 'GET' ? saved : url.pathname === '/v1/filters' ? { body: filters } : { body: page([]) }));
}
