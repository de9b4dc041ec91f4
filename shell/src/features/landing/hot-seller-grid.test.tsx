import { act, screen } from '@testing-library/react';
import type { ProductSummary } from '@shambasoko/contracts';
import { setLocale } from '@shambasoko/shared';
import { mockApi, renderPage } from '@shambasoko/shared/testing';
import HotSellerProducts from './hot-seller-grid';

const product: ProductSummary = {
  id: 'p-maize',
  name: 'Certified Maize Seed H614D, 2 kg',
  titleSw: 'Mbegu za mahindi H614D, kilo 2',
  category: 'crops',
  price: 650,
  originalPrice: null,
  discount: 0,
  location: 'Nakuru',
  seller: { id: 's1', name: 'Rift Agrovet', verified: true, rating: 4.6 },
  rating: 4.5,
  reviews: 12,
  image: '/static/products/maize.svg',
  inStock: true,
  stockQuantity: 5,
  featured: true,
  unit: 'per 2 kg bag',
};

afterEach(async () => {
  await act(() => setLocale('en'));
});

it('names a product by its Kiswahili title for a Kiswahili reader, and by its name in English', async () => {
  mockApi({
    'GET /v1/products': () => ({
      body: { items: [product], total: 1, page: 1, pageSize: 4, facets: { all: 1, crops: 1, equipment: 0, supplies: 0, services: 0 } },
    }),
  });
  await act(() => setLocale('sw'));
  renderPage(<HotSellerProducts category="crops" />);
  expect(await screen.findByText('Mbegu za mahindi H614D, kilo 2')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Mbegu za mahindi H614D, kilo 2' })).toBeInTheDocument();
  await act(() => setLocale('en'));
  expect(await screen.findByText('Certified Maize Seed H614D, 2 kg')).toBeInTheDocument();
});
