import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import * as shared from '@shambasoko/shared';
import { RequireSession } from './require-session';

jest.mock('@shambasoko/shared', () => ({
  ...jest.requireActual<typeof shared>('@shambasoko/shared'),
  restoreSession: jest.fn(async () => undefined),
}));

function SignIn() {
  const location = useLocation();
  return <p>Sign in, then back to {(location.state as { from?: string } | null)?.from}</p>;
}

function ChooseRoles() {
  const location = useLocation();
  return <p>Choose roles, then back to {(location.state as { from?: string } | null)?.from}</p>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/sign-in" element={<SignIn />} />
        <Route path="/auth/choose-roles" element={<ChooseRoles />} />
        <Route
          path="*"
          element={
            <RequireSession>
              <p>Farms page</p>
            </RequireSession>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

describe('RequireSession', () => {
  beforeEach(() => shared.useSession.getState().clearSession());

  it('sends a signed-out visitor to sign-in with where they were going', () => {
    renderAt('/farms/7?tab=fields');
    expect(screen.getByText('Sign in, then back to /farms/7?tab=fields')).toBeInTheDocument();
  });

  it('sends an account that holds no role to choose its roles first, with where it was going', () => {
    shared.useSession.setState({ user: { uid: 'u', displayName: 'U', email: 'u@x.ke', roles: [] }, accessToken: 'A' });
    renderAt('/dashboard');
    expect(screen.getByText('Choose roles, then back to /dashboard')).toBeInTheDocument();
  });

  it('shows the page to a signed-in user', () => {
    shared.useSession.setState({ user: { uid: 'u', displayName: 'U', email: 'u@x.ke' }, accessToken: 'A' });
    renderAt('/farms');
    expect(screen.getByText('Farms page')).toBeInTheDocument();
  });

  it('shows the page to a stored user whose token is not in memory yet (after a reload)', () => {
    shared.useSession.setState({ user: { uid: 'u', displayName: 'U', email: 'u@x.ke' }, accessToken: null });
    renderAt('/farms');
    expect(screen.getByText('Farms page')).toBeInTheDocument();
  });
});
