import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listPage, renderPage } from '@shambasoko/shared/testing';
import type { HarvestListingDraft } from '@shambasoko/contracts';
import { cropOf, IDS, mockFarmApi } from '../../testing/fixtures';
import CropsPage from './crops-page';

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

describe('CropsPage on a phone', () => {
  // The dialog's code is loaded on the first tap; compiled ahead here so the tap is not timed with it.
  beforeAll(() => import('./components/sell-harvest-dialog'));

  it('offers "Sell this harvest" in the compact row of a growing crop, not of a harvested one', async () => {
    mockFarmApi({
      'GET /v1/crops': () => ({
        body: listPage([cropOf(), cropOf({ id: '0c0c0c0c-0000-4000-8000-000000000009', name: 'Beans', status: 'harvested' })]),
      }),
      [`GET /v1/crops/${IDS.crop}/harvest-listing`]: () => ({ body: draftOf(IDS.crop) }),
    });
    renderPage(<CropsPage />);
    // The phone list (the table is hidden below sm): one compact row per crop.
    const phone = await screen.findByRole('list', { name: 'Crops' });
    const rows = await within(phone).findAllByRole('listitem');
    expect(within(rows[0]!).getByRole('button', { name: 'Sell this harvest: Maize' })).toBeEnabled();
    expect(within(rows[1]!).queryByRole('button', { name: /Sell this harvest/ })).not.toBeInTheDocument();
    await userEvent.setup().click(within(rows[0]!).getByRole('button', { name: 'Sell this harvest: Maize' }));
    // The dialog's code loads on the first tap (lazy) and the dialog may mount again once it has; ask the page
    // itself each time rather than hold on to the first element found.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Sell Maize harvest' })).toBeInTheDocument(), { timeout: 5000 });
    // The tap opened the sell dialog only, not the crop's details behind it.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
