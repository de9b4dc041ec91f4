import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { listPage, mockApi } from '@shambasoko/shared/testing';
import { MemoryRouter } from 'react-router-dom';
import { myFarmsQuery } from '../../lib/use-farm-roles';
import { IDS, farmOf } from '../../testing/fixtures';
import FarmsPage from './farms-page';

// Issue 39: after one online visit to the dashboard, Farms opened offline spun forever. The dashboard
// saves the first 100 farms by name; the Farms list asks for 10, a query key the device never saved,
// and TanStack Query pauses it (pending) until the connection returns.

function openOffline(client: QueryClient) {
  const api = mockApi(() => {
    throw new TypeError('Failed to fetch');
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/farms']}>
        <FarmsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

beforeEach(() => onlineManager.setOnline(false));
afterEach(() => onlineManager.setOnline(true));

describe('FarmsPage offline', () => {
  it('shows the farms the dashboard saved on this device', async () => {
    const client = newClient();
    const farms = [farmOf({ name: 'Green Acres' }), farmOf({ id: IDS.farm2, name: 'Rift Valley Estate' })];
    client.setQueryData(myFarmsQuery().queryKey, { ...listPage(farms), pageSize: 100 });
    const api = openOffline(client);
    const table = await screen.findByRole('table', { name: 'Farms' });
    expect(within(table).getByText('Green Acres')).toBeInTheDocument();
    expect(within(table).getByText('Rift Valley Estate')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('says plainly that the list was not saved, instead of a spinner that never ends', async () => {
    openOffline(newClient());
    expect(await screen.findAllByText('Not saved for offline use')).not.toHaveLength(0);
    expect(screen.getAllByText(/This list was not saved on this device/).length).toBeGreaterThan(0);
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
