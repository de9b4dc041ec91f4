import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HarvestListingDraft, SellerListing } from '@shambasoko/shared/contracts';
import { renderPage } from '@shambasoko/shared/testing';
import { cropOf, IDS, mockFarmApi } from '../../../testing/fixtures';
import { canSellHarvest } from './sell-harvest-button';
import { SellHarvestDialog } from './sell-harvest-dialog';

const maize = cropOf();
const path = `/v1/crops/${IDS.crop}/harvest-listing`;
const draft = (over: Partial<HarvestListingDraft> = {}): HarvestListingDraft => ({
  cropId: IDS.crop,
  cropName: 'Maize',
  expectedQuantity: 9000,
  expectedHarvest: '2026-07-01',
  suggestedTitle: 'Maize, expected harvest',
  county: 'Nakuru',
  listing: null,
  hasSellerProfile: true,
  ...over,
});
const listing: SellerListing = {
  id: 'p-1',
  title: 'Maize, expected harvest',
  category: 'crops',
  unit: 'kg',
  unitLabel: 'per kg',
  price: 45,
  stock: 8000,
  minOrder: 1,
  description: '',
  delivery: { pickup: true, delivery: true },
  weightKg: 1,
  status: 'active',
  listingType: 'preorder',
  cropId: IDS.crop,
  availableFrom: '2026-07-01',
  photos: [],
  reserved: 0,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
};

describe('SellHarvestDialog', () => {
  it('is offered for planned and growing crops only', () => {
    expect((['planned', 'growing', 'harvested', 'failed'] as const).map((status) => canSellHarvest({ status }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('prefills the expected harvest, checks the price with the contract, posts and links to the listing', async () => {
    let listed = false;
    const api = mockFarmApi({
      [`GET ${path}`]: () => ({ body: listed ? draft({ listing }) : draft() }),
      [`POST ${path}`]: () => {
        listed = true;
        return { status: 201, body: listing };
      },
    });
    const user = userEvent.setup();
    renderPage(<SellHarvestDialog crop={maize} onClose={jest.fn()} />);
    expect(await screen.findByLabelText(/Quantity/)).toHaveValue(9000);
    expect(screen.getByLabelText(/Title/)).toHaveValue('Maize, expected harvest');
    expect(screen.getByLabelText(/Expected harvest date/)).toHaveValue('2026-07-01');
    await user.click(screen.getByRole('button', { name: 'List for pre-order' }));
    expect(await screen.findByText('Price must be an amount in shillings.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Quantity/));
    await user.type(screen.getByLabelText(/Quantity/), '8000');
    await user.type(screen.getByLabelText(/Price/), '45');
    await user.click(screen.getByRole('button', { name: 'List for pre-order' }));
    const link = await screen.findByRole('link', { name: 'Maize, expected harvest' });
    expect(link).toHaveAttribute('href', '/market/product/p-1');
    expect(api.writes()[0]?.body).toEqual({
      title: 'Maize, expected harvest',
      quantity: 8000,
      unit: 'kg',
      price: 45,
      availableFrom: '2026-07-01',
      description: '',
    });
  });

  it('without a seller profile, says so and links to /seller', async () => {
    mockFarmApi({ [`GET ${path}`]: () => ({ body: draft({ hasSellerProfile: false }) }) });
    renderPage(<SellHarvestDialog crop={maize} onClose={jest.fn()} />);
    const link = await screen.findByRole('link', { name: 'Create your seller profile' });
    expect(link).toHaveAttribute('href', '/seller');
    expect(screen.queryByLabelText(/Quantity/)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in the form', async () => {
    mockFarmApi({
      [`GET ${path}`]: () => ({ body: draft() }),
      [`POST ${path}`]: () => ({ status: 409, message: 'This harvest is already listed' }),
    });
    const user = userEvent.setup();
    renderPage(<SellHarvestDialog crop={maize} onClose={jest.fn()} />);
    await user.type(await screen.findByLabelText(/Price/), '45');
    await user.click(screen.getByRole('button', { name: 'List for pre-order' }));
    await waitFor(() => expect(screen.getByText('This harvest is already listed')).toBeInTheDocument());
  });
});
