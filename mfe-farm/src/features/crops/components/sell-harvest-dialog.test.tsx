import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HarvestListingDraft, SellerListing } from '@shambasoko/contracts';
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
    // The market's product page (/market/product/… was a 404).
    expect(link).toHaveAttribute('href', '/market/item?itemId=p-1');
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

  it('picks up a seller profile made meanwhile when the dialog opens again, without a reload', async () => {
    let hasSellerProfile = false;
    mockFarmApi({ [`GET ${path}`]: () => ({ body: draft({ hasSellerProfile }) }) });
    const first = renderPage(<SellHarvestDialog crop={maize} onClose={jest.fn()} />);
    expect(await screen.findByRole('link', { name: 'Create your seller profile' })).toBeInTheDocument();
    // The farmer made the profile on /seller (the market remote) and comes back; the page's cache stays.
    hasSellerProfile = true;
    first.unmount();
    renderPage(<SellHarvestDialog crop={maize} onClose={jest.fn()} />);
    expect(await screen.findByLabelText(/Quantity/)).toHaveValue(9000);
    expect(screen.queryByText(/you need a seller profile/)).not.toBeInTheDocument();
  });

  it('converts the quantity when the unit changes, and says what one unit weighs', async () => {
    const api = mockFarmApi({
      [`GET ${path}`]: () => ({ body: draft({ expectedQuantity: 2428 }) }),
      [`POST ${path}`]: () => ({ status: 201, body: listing }),
    });
    const user = userEvent.setup();
    renderPage(<SellHarvestDialog crop={maize} onClose={jest.fn()} />);
    const quantity = await screen.findByLabelText(/Quantity/);
    expect(quantity).toHaveValue(2428);
    expect(screen.getByText(/One kg weighs 1 kg/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Unit/), '90 kg bag');
    // 2,428 kg are 27 bags of 90 kg, not 2,428 bags (218 tonnes).
    expect(quantity).toHaveValue(27);
    expect(screen.getByText(/One 90 kg bag weighs 90 kg/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Unit/), 'kg');
    expect(quantity).toHaveValue(2430);
    await user.selectOptions(screen.getByLabelText(/^Unit/), '90 kg bag');
    await user.type(screen.getByLabelText(/Price/), '4000');
    await user.click(screen.getByRole('button', { name: 'List for pre-order' }));
    await screen.findByText('Listed:');
    expect(api.writes()[0]?.body).toMatchObject({ quantity: 27, unit: 'bag_90kg', price: 4000 });
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
