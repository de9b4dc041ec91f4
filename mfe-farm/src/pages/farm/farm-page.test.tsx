import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listPage, renderPage } from '@shambasoko/shared/testing';
import type { BudgetSummary, Farm } from '@shambasoko/contracts';
import type { HarvestListingDraft } from '@shambasoko/contracts';
import { IDS, activityOf, costOf, cropOf, farmOf, mockFarmApi } from '../../testing/fixtures';
import FarmPage from './farm-page';

const draftOf = (cropId: string): HarvestListingDraft => ({
  cropId,
  cropName: 'Maize',
  expectedQuantity: 7000,
  expectedHarvest: '2026-07-01',
  suggestedTitle: 'Maize, expected harvest',
  county: 'Nakuru',
  listing: null,
  hasSellerProfile: true,
});

const summary: BudgetSummary = { planned: 100_000, actual: 4_501, remaining: 95_499, variance: 95_499, percentage: 5, categories: [] };

function open(tab: string, farm: Partial<Farm> = {}) {
  const api = mockFarmApi({
    [`GET /v1/farms/${IDS.farm}`]: () => ({ body: farmOf(farm) }),
    'GET /v1/activities': () => ({ body: listPage([activityOf({ name: 'Weeding', dueDate: '2026-03-05' })]) }),
    'GET /v1/costs': () => ({ body: listPage([costOf()]) }),
    'GET /v1/crops': () => ({ body: listPage([cropOf()]) }),
    [`GET /v1/crops/${IDS.crop}/harvest-listing`]: () => ({ body: draftOf(IDS.crop) }),
    'GET /v1/costs/total': () => ({ body: { amount: 4_501, count: 1 } }),
    'GET /v1/budget/summary': () => ({ body: summary }),
  });
  renderPage(<FarmPage />, { url: `/farms/${IDS.farm}?tab=${tab}`, path: '/farms/:farmId' });
  return api;
}

/** The farm each list or summary was asked for. */
const farmAsked = (api: ReturnType<typeof open>, path: string) =>
  api.calls.filter((c) => c.path === path).map((c) => c.search.get('farmId'));

describe('FarmPage tabs', () => {
  it('shows "Place, County" under the farm name', async () => {
    open('fields');
    expect(await screen.findByText(/Njoro, Nakuru ·/)).toBeInTheDocument();
  });

  it('opens the Activities tab from ?tab=activities with this farm’s activities and Log Activity', async () => {
    const api = open('activities');
    expect(await screen.findByRole('tab', { name: 'Activities', selected: true })).toBeInTheDocument();
    expect((await screen.findAllByText('Weeding')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Log Activity' })).toBeEnabled();
    expect(farmAsked(api, '/v1/activities')).toEqual([IDS.farm]);
  });

  it('shows this farm’s costs and their total, and Add Cost starts on this farm', async () => {
    const api = open('costs');
    expect(await screen.findByTestId('costs-total')).toHaveTextContent(/Total: Ksh\s4,501 · 1 entry/);
    expect(farmAsked(api, '/v1/costs')).toEqual([IDS.farm]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Cost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Cost' });
    expect(await within(dialog).findByLabelText(/^Farm/)).toHaveValue(IDS.farm);
  });

  it('offers "Sell this harvest" for a growing crop in the Crops tab, on a phone too', async () => {
    open('crops');
    const phone = await screen.findByRole('list', { name: 'Crop performance' });
    const sell = await within(phone).findByRole('button', { name: 'Sell this harvest: Maize' });
    expect(sell).toBeEnabled();
    await userEvent.setup().click(sell);
    // The dialog's code loads on the first tap and it may mount again once it has: ask the page each time.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Sell Maize harvest' })).toBeInTheDocument(), { timeout: 5000 });
  });

  it('shows this farm’s budget against its spending', async () => {
    const api = open('budget');
    const cards = await screen.findByTestId('budget-cards');
    expect(within(cards).getByText('Remaining')).toBeInTheDocument();
    expect(farmAsked(api, '/v1/budget/summary')).toEqual([IDS.farm]);
    expect(screen.getByRole('button', { name: 'Set Budget' })).toBeEnabled();
  });

  it('keeps the older tabs: ?tab=settings opens Farm Settings with the county and place', async () => {
    open('settings');
    expect(await screen.findByLabelText(/^County/)).toHaveValue('Nakuru');
    expect(screen.getByLabelText(/^Place/)).toHaveValue('Njoro');
  });

  it('says the farm size on the Seasons tab in the person\'s unit, formatted: "of 3 acres", not "of 1.2140569339283507 ha"', async () => {
    open('seasons', { totalSize: 1.2140569339283507 });
    expect(await screen.findByText('of 3 acres')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('1.2140569339283507');
  });

  it.each(['Field Worker', 'Field Supervisor', 'Viewer'] as const)(
    'shows a %s no Costs or Budget tab, and ?tab=budget opens Fields',
    async (myRole) => {
      const api = open('budget', { myRole });
      expect(await screen.findByRole('tab', { name: 'Fields', selected: true })).toBeInTheDocument();
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Fields',
        'Seasons',
        'Crops',
        'Activities',
        'Users',
        'Farm Settings',
      ]);
      expect(screen.queryByRole('tab', { name: 'Costs' })).not.toBeInTheDocument();
      expect(api.calls.filter((c) => c.path.startsWith('/v1/costs') || c.path.startsWith('/v1/budget'))).toEqual([]);
    },
  );

  it('shows an Accountant the Costs and Budget tabs', async () => {
    open('costs', { myRole: 'Accountant' });
    expect(await screen.findByRole('tab', { name: 'Costs', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Budget' })).toBeInTheDocument();
  });
});
