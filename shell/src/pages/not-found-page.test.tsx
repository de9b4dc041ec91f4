import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useSession } from '@shambasoko/shared';
import { NotFoundPage } from './not-found-page';

const renderPage = () =>
  render(
    <MemoryRouter>
      <NotFoundPage />
    </MemoryRouter>,
  );

describe('NotFoundPage', () => {
  beforeEach(() => useSession.getState().clearSession());

  it('sends a visitor home and titles the tab', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Go to dashboard' })).not.toBeInTheDocument();
    expect(document.title).toBe('Page not found · ShambaSoko');
  });

  it('offers a signed-in user the dashboard', () => {
    useSession.setState({ user: { uid: 'u', displayName: 'U', email: 'u@x.ke' }, accessToken: 'A' });
    renderPage();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
