import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { listPage, mockApi } from '@shambasoko/shared/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { myFarmsQuery } from '../../lib/use-farm-roles';
import { IDS, farmOf } from '../../testing/fixtures';
import FarmPage from './farm-page';

// Offline after one online visit to the dashboard: a farm's own page was never fetched, but its row
// is in the farms list the dashboard saved. What was not saved says so instead of spinning.

function openOffline(saved: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (saved) client.setQueryData(myFarmsQuery().queryKey, { ...listPage([farmOf({ name: 'Green Acres' })]), pageSize: 100 });
  mockApi(() => {
    throw new TypeError('Failed to fetch');
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/farms/${IDS.farm}`]}>
        <Routes>
          <Route path="/farms/:farmId" element={<FarmPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => onlineManager.setOnline(false));
afterEach(() => onlineManager.setOnline(true));

describe('FarmPage offline', () => {
  it('shows the farm from the saved farms list, and says its fields were not saved', async () => {
    openOffline(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Acres' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Fields', selected: true })).toBeInTheDocument();
    expect((await screen.findAllByText('Not saved for offline use')).length).toBeGreaterThan(0);
  });

  it('says the page was not saved when the device has nothing of the farm', async () => {
    openOffline(false);
    expect(await screen.findByText(/This page was not saved on this device/)).toBeInTheDocument();
  });
});
