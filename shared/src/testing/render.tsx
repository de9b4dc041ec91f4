import type { ReactElement } from 'react';
import { act, configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '../session/store';

// findBy… waits longer than the default 1 s: the CI's two cores are shared with other test runs.
configure({ asyncUtilTimeout: 4000 });

/** Where the page navigated to (path and query as text, the navigation state as data-state); no role, so it never answers a page query. */
function Where() {
  const { pathname, search, state } = useLocation();
  return (
    <p data-testid="where" data-state={JSON.stringify(state ?? null)}>
      {pathname + search}
    </p>
  );
}

export interface RenderPageOptions {
  /** The address the page opens at. */
  url?: string;
  /** The route pattern the page is mounted on; elsewhere nothing renders. */
  path?: string;
  /** Navigation state of the first entry. */
  state?: unknown;
}

/** Renders a page inside a router and a fresh query client that neither retries nor refetches. */
export function renderPage(ui: ReactElement, { url = '/', path = '*', state }: RenderPageOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  const { pathname, search } = new URL(url, 'http://localhost');
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[{ pathname, search, state }]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** Signs the session in as a person (access token in memory, as after a real sign-in). */
export function signInAs({
  name = 'Wanjiku Kamau',
  email = 'wanjiku@example.co.ke',
  uid = 'u1',
}: { name?: string; email?: string; uid?: string } = {}) {
  // In act: a page already on screen re-renders with the new session.
  act(() => useSession.setState({ user: { uid, displayName: name, email }, accessToken: 'token', userId: uid }));
}

export function signOut() {
  act(() => useSession.setState({ user: null, accessToken: null, userId: null }));
}
