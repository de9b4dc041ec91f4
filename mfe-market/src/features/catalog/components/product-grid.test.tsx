import { screen } from '@testing-library/react';
import type { ProductSummary } from '@shambasoko/contracts';
import { maize } from '../../../testing/fixtures';
import { ProductGrid } from './product-grid';
import { renderPage, signOut } from '@shambasoko/shared/testing';

const products: ProductSummary[] = Array.from({ length: 12 }, (_, i) => ({ ...maize, id: `p${i}`, name: `Product ${i + 1}` }));

describe('ProductGrid', () => {
  beforeEach(signOut);

  it('renders the first row of cards with the results and the rest right after, with photos on top fetched eagerly', async () => {
    renderPage(<ProductGrid products={products} view="grid" onAddToCart={jest.fn()} addingId={null} atTop />);
    expect(screen.getAllByRole('article')).toHaveLength(4);
    // The rest arrive after the first paint; on a loaded machine that can take longer than findBy's 1 s default.
    expect(await screen.findByRole('article', { name: 'Product 12' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    const items = screen.getAllByRole('listitem');
    expect(items[3]?.className).not.toContain('content-visibility');
    expect(items[4]?.className).toContain('[content-visibility:auto]');
    const photos = [...document.querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(photos.slice(0, 3)).toEqual(['eager', 'eager', 'lazy']);
  });
});
