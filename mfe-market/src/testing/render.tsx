import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '@shambasoko/shared';

// findBy… waits longer than the default 1 s: the CI's two cores are shared with other test runs.
configure({ asyncUtilTimeout: 4000 });

/** Shows where the page navigated to, for assertions. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

export function renderPage(ui: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
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

export function signInAs(name = 'Wanjiku Kamau', email = 'wanjiku@example.co.ke') {
  useSession.setState({ user: { uid: 'u1', displayName: name, email }, accessToken: 'token', userId: 'u1' });
}

export function signOut() {
  useSession.setState({ user: null, accessToken: null, userId: null });
}
