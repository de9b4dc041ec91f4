import { screen, waitFor } from '@testing-library/react';
import { renderPage, signInAs, signOut } from '@shambasoko/shared/testing';
import { Page } from '../../components/page';
import { farmOf, IDS, mockFarmApi } from '../../testing/fixtures';

const farms = Array.from({ length: 12 }, (_, i) => farmOf({ id: IDS.nth('fa', i + 1), name: `Shamba ${i + 1}` }));
const filtersAsked = (api: ReturnType<typeof mockFarmApi>) =>
  api.calls.filter((c) => c.path === '/v1/filters').map((c) => c.search.get('farmId'));

afterEach(signOut);

describe("the forms' choices, fetched ahead for offline use (issue 18)", () => {
  it('once a farm page is up: the farms, the unfiltered choices and those of the first 10 farms, kept where the forms read them', async () => {
    signInAs({ uid: 'farmer-1' });
    const api = mockFarmApi({}, { farms });
    const { client } = renderPage(<Page title="Farms">{null}</Page>);
    expect(screen.getByRole('heading', { name: 'Farms' })).toBeVisible();
    expect(filtersAsked(api)).toEqual([]);
    await waitFor(() => expect(filtersAsked(api)).toHaveLength(11), { timeout: 4_000 });
    expect(filtersAsked(api)).toEqual([null, ...farms.slice(0, 10).map((f) => f.id)]);
    expect(api.calls.filter((c) => c.path === '/v1/farms')).toHaveLength(1);
    // The key the cascading selects of a form read once a farm is chosen.
    expect(client.getQueryState(['farm', 'filters', { farmId: IDS.nth('fa', 3) }])?.status).toBe('success');
  });

  it('asks nothing while signed out or offline', async () => {
    const api = mockFarmApi({}, { farms });
    renderPage(<Page title="Farms">{null}</Page>).unmount();
    signInAs({ uid: 'farmer-1' });
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage(<Page title="Farms">{null}</Page>);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    online.mockRestore();
    expect(api.calls).toEqual([]);
    expect(navigator.onLine).toBe(true);
  });
});
