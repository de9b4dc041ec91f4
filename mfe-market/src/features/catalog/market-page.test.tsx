import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductSearchResult } from '@shambasoko/contracts';
import { maize } from '../../testing/fixtures';
import MarketPage from './market-page';
import { mockApi, renderPage, signOut } from '@shambasoko/shared/testing';

const facets = { all: 64, crops: 20, equipment: 15, supplies: 18, services: 11 };
const page = (items = [maize], total = items.length): ProductSearchResult => ({ items, total, page: 1, pageSize: 12, facets });

beforeAll(() => {
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});

// Whole forms typed key by key take a few seconds on a busy machine.
jest.setTimeout(30_000);

describe('MarketPage', () => {
  beforeEach(signOut);

  it('reads search, category, filters, sort and page from the URL and asks the API for them', async () => {
    const { calls } = mockApi({
      'GET /v1/products': () => ({ body: page([maize], 30) }),
      'GET /v1/counties': () => ({ body: ['Nakuru'] }),
    });
    renderPage(<MarketPage />, { url: '/market?q=maiz&category=crops&county=Nakuru&inStock=true&minRating=4&sort=price_asc&page=2' });
    expect(await screen.findByText('30 products found')).toBeInTheDocument();
    const search = calls.find((c) => c.path === '/v1/products')?.search;
    expect(Object.fromEntries(search ?? [])).toEqual({
      q: 'maiz',
      category: 'crops',
      county: 'Nakuru',
      inStock: 'true',
      minRating: '4',
      sort: 'price_asc',
      page: '2',
      pageSize: '12',
    });
    expect(screen.getByRole('tab', { name: /Crops & Produce/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Equipment/ })).toHaveTextContent('15');
    // Filters are open because some are set, and show the URL's values.
    expect(screen.getByLabelText('County')).toHaveValue('Nakuru');
    expect(screen.getByLabelText('In stock only')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('writes tab, filters and sort changes back to the URL, starting again at page 1', async () => {
    mockApi({
      'GET /v1/products': () => ({ body: page() }),
      'GET /v1/products/featured': () => ({ body: [] }),
      'GET /v1/counties': () => ({ body: ['Nakuru', 'Kiambu'] }),
    });
    renderPage(<MarketPage />, { url: '/market?page=3' });
    await screen.findByText('1 product found');
    await userEvent.click(screen.getByRole('tab', { name: /Equipment/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/market?category=equipment');

    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    await userEvent.type(screen.getByLabelText('Min price (Ksh)'), '500');
    await userEvent.selectOptions(await screen.findByLabelText('County'), 'Kiambu');
    await userEvent.click(screen.getByLabelText('In stock only'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/market?category=equipment&minPrice=500&county=Kiambu&inStock=true');

    await userEvent.selectOptions(screen.getByLabelText(/Sort by/), 'rating');
    expect(screen.getByTestId('where')).toHaveTextContent('sort=rating');
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByTestId('where')).toHaveTextContent('view=list');
  });

  it('keeps filters applied just before a sort is picked, before the page has re-rendered', async () => {
    mockApi({
      'GET /v1/products': () => ({ body: page() }),
      'GET /v1/products/featured': () => ({ body: [] }),
      'GET /v1/counties': () => ({ body: ['Nakuru'] }),
    });
    renderPage(<MarketPage />, { url: '/market?category=crops&maxPrice=600' });
    await screen.findByText('1 product found');
    await userEvent.clear(screen.getByLabelText('Max price (Ksh)'));
    await userEvent.click(screen.getByLabelText('In stock only'));
    // Both in one batch: the sort's handler runs before the page renders the applied filters.
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
      fireEvent.change(screen.getByLabelText(/Sort by/), { target: { value: 'price_asc' } });
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/market?category=crops&inStock=true&sort=price_asc');
  });

  it("shows 'No products found' and 'Try adjusting your search or filters'", async () => {
    mockApi({ 'GET /v1/products': () => ({ body: page([]) }), 'GET /v1/products/featured': () => ({ body: [] }) });
    renderPage(<MarketPage />, { url: '/market?q=zzz' });
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
  });

  it('marks out-of-stock products and shows featured ones on the All tab', async () => {
    const sold = { ...maize, id: 'p2', name: 'Knapsack Sprayer 16L', inStock: false, stockQuantity: 0, featured: false };
    mockApi({ 'GET /v1/products': () => ({ body: page([maize, sold]) }), 'GET /v1/products/featured': () => ({ body: [maize] }) });
    renderPage(<MarketPage />, { url: '/market' });
    const featured = await screen.findByRole('region', { name: 'Featured Products' });
    expect(within(featured).getByText('Certified Maize Seed H614D')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Knapsack Sprayer 16L' });
    expect(within(card).getByRole('button', { name: /Out of Stock/ })).toBeDisabled();
    expect(within(card).getByRole('link', { name: /Call\/Chat/ })).toHaveAttribute('href', '/market/item?itemId=p2');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Add to Cart/ })).toHaveLength(2));
  });

  it('draws the list only once the featured products above it have answered, so nothing is pushed down', async () => {
    let answerFeatured: (answer: { body: unknown }) => void = () => undefined;
    mockApi({
      'GET /v1/products': () => ({ body: page([maize]) }),
      'GET /v1/products/featured': () => new Promise((resolve) => (answerFeatured = resolve)),
    });
    renderPage(<MarketPage />, { url: '/market' });
    await waitFor(() => expect(screen.getByText('1 product found')).toBeInTheDocument());
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    answerFeatured({ body: [maize] });
    const featured = await screen.findByRole('region', { name: 'Featured Products' });
    expect(within(featured).getByRole('article')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});
