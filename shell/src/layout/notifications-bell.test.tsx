import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { useSession } from '@shambasoko/shared';
import { NotificationsBell } from './notifications-bell';

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotificationsBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NotificationsBell when the core API cannot be reached', () => {
  beforeEach(() => {
    useSession.setState({ user: { uid: 'u', displayName: 'Wanjiku Kamau', email: 'w@x.ke' }, accessToken: 'token' });
  });

  it('says the list could not be loaded rather than "no notifications", and keeps the session', async () => {
    const fetchMock = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    // Let the failed load settle, as it would before anyone opens the bell.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/We can't load your notifications right now/)).toBeInTheDocument();
    expect(screen.queryByText('You have no notifications yet.')).not.toBeInTheDocument();
    expect(useSession.getState().accessToken).toBe('token');
  });
});
