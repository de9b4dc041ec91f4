import { render, screen } from '@testing-library/react';
import { photoSrcSet } from './photo-src';
import { ProductImage } from './product-image';

describe('ProductImage', () => {
  it("offers both stored widths of a seller's WebP photo, so a phone fetches the small one", () => {
    render(<ProductImage src="/static/uploads/ab12-800.webp" alt="Maize seed" sizes="100vw" />);
    const img = screen.getByRole('img', { name: 'Maize seed' });
    expect(img).toHaveAttribute('srcset', '/static/uploads/ab12-400.webp 400w, /static/uploads/ab12-800.webp 800w');
    expect(img).toHaveAttribute('sizes', '100vw');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('leaves drawings (SVG) as they are: one file fits every width', () => {
    expect(photoSrcSet('/static/products/avocado.svg')).toBeUndefined();
    render(<ProductImage src="/static/products/avocado.svg" alt="Avocado" priority />);
    const img = screen.getByRole('img', { name: 'Avocado' });
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('loading', 'eager');
  });
});
