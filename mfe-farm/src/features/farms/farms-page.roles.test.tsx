import { act, screen } from '@testing-library/react';
import { useSession } from '@shambasoko/shared';
import { renderPage } from '@shambasoko/shared/testing';
import { mockFarmApi } from '../../testing/fixtures';
import FarmsPage from './farms-page';

afterEach(() => act(() => useSession.setState({ role: 'Farmer' })));

test('offers Add Farm to a Farmer only: an Admin looking over farms gets none', async () => {
  mockFarmApi({}, { farms: [] });
  act(() => useSession.setState({ role: 'Admin' }));
  const { unmount } = renderPage(<FarmsPage />, { url: '/farms' });
  expect(await screen.findByText('No farms yet.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Add (New )?Farm/ })).toBeNull();
  unmount();

  act(() => useSession.setState({ role: 'Farmer' }));
  renderPage(<FarmsPage />, { url: '/farms' });
  expect(await screen.findByText('No farms yet.')).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: /Add (New )?Farm/ }).length).toBeGreaterThan(0);
});
