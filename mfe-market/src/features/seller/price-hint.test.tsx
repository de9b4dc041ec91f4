import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceSummary } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import { sellerProfileOf } from '../../testing/fixtures';
import ProductFormPage from './product-form-page';

jest.setTimeout(30_000);
beforeEach(() => signInAs());

const summaryOf = (over: Partial<PriceSummary> = {}): PriceSummary => ({
  kind: 'maize',
  county: 'Nakuru',
  baseUnit: 'kg',
  days: 30,
  sold: { median: 42, low: 38, high: 45, count: 14 },
  asking: null,
  ...over,
});

describe('the price hint on the listing form', () => {
  it('says what the chosen kind sold for in the seller’s county, and what the seller’s bag price comes to a kg', async () => {
    const api = mockApi({
      'GET /v1/seller/profile': () => ({ body: { profile: sellerProfileOf({ county: 'Nakuru' }) } }),
      'GET /v1/market/prices': () => ({ body: summaryOf() }),
    });
    const user = userEvent.setup();
    renderPage(<ProductFormPage />, { url: '/seller/products/new', path: '/seller/products/:id' });
    await user.selectOptions(await screen.findByLabelText(/Product kind/), 'maize');
    const hint = await screen.findByTestId('price-hint');
    expect(hint).toHaveTextContent(/^In Nakuru, Maize sold for Ksh\s38–45 a kg in the last 30 days; 14 sales\.$/);
    expect(api.calls.find((c) => c.path === '/v1/market/prices')?.url.search).toBe('?kind=maize&county=Nakuru');

    await user.selectOptions(screen.getByLabelText(/^Unit/), 'bag_90kg');
    await user.type(screen.getByLabelText(/Price/), '3600');
    expect(hint).toHaveTextContent(/Your price comes to Ksh\s40 a kg\./);
  });

  it('shows live listings’ asking prices when sales are too few, and says so when both are', async () => {
    let answer = summaryOf({ sold: null, asking: { median: 40, low: 36, high: 44, count: 6 } });
    mockApi({
      'GET /v1/seller/profile': () => ({ body: { profile: sellerProfileOf({ county: 'Nakuru' }) } }),
      'GET /v1/market/prices': (call) => ({ body: { ...answer, kind: call.search.get('kind') as 'maize' } }),
    });
    const user = userEvent.setup();
    renderPage(<ProductFormPage />, { url: '/seller/products/new', path: '/seller/products/:id' });
    await user.selectOptions(await screen.findByLabelText(/Product kind/), 'maize');
    expect(await screen.findByTestId('price-hint')).toHaveTextContent(/In Nakuru, 6 listings of Maize ask Ksh\s36–44 a kg/);

    answer = summaryOf({ sold: null, asking: null });
    await user.selectOptions(screen.getByLabelText(/Product kind/), 'beans');
    await waitFor(() =>
      expect(screen.getByTestId('price-hint')).toHaveTextContent('Too few sales of Beans in Nakuru yet to show a price.'),
    );
  });

  it('asks for no price without a kind, and sends the chosen kind with the listing', async () => {
    const api = mockApi({
      'GET /v1/seller/profile': () => ({ body: { profile: sellerProfileOf({ county: 'Nakuru' }) } }),
      'GET /v1/market/prices': () => ({ body: summaryOf() }),
    });
    const user = userEvent.setup();
    renderPage(<ProductFormPage />, { url: '/seller/products/new', path: '/seller/products/:id' });
    await user.type(await screen.findByLabelText(/Title/), 'Dry maize');
    await user.type(screen.getByLabelText(/Price/), '40');
    await user.type(screen.getByLabelText(/^Stock/), '100');
    expect(screen.queryByTestId('price-hint')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'List product' }));
    await waitFor(() => expect(api.writes()[0]?.body).toMatchObject({ title: 'Dry maize', kind: null }));
    expect(api.calls.some((c) => c.path === '/v1/market/prices')).toBe(false);
  });
});
