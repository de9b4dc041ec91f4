import { render, screen } from '@testing-library/react';
import { PhotoStrip } from './photo-strip';

describe('PhotoStrip', () => {
  it('lists each photo as a link to its full size under the given label', () => {
    render(<PhotoStrip urls={['/static/uploads/a-800.webp', '/static/uploads/b-800.webp']} label="Your photos" />);
    const list = screen.getByRole('list', { name: 'Your photos' });
    const links = Array.from(list.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/static/uploads/a-800.webp', '/static/uploads/b-800.webp']);
  });

  it('renders nothing without photos', () => {
    const { container } = render(<PhotoStrip urls={[]} label="Your photos" />);
    expect(container).toBeEmptyDOMElement();
  });
});
