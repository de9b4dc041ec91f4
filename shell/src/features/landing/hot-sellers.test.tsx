import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HotSellers } from './hot-sellers';

class NeverNear {
  observe() {}
  disconnect() {}
}

afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('HotSellers before it nears the screen', () => {
  it('holds the products’ space without claiming to load, and fetches nothing', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = NeverNear;
    const fetchSpy = jest.fn(() => new Promise<Response>(() => undefined));
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    const { container } = render(
      <MemoryRouter>
        <HotSellers />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Hot Sellers' })).toBeInTheDocument();
    // Nothing is on its way yet: a busy region here would tell assistive technology (and our
    // accessibility check) that the page is still loading.
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(container.querySelector('ul[aria-hidden="true"]')).not.toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
