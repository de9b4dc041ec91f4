import { fireEvent, screen } from '@testing-library/react';
import { mockApi, renderPage, signOut } from '@shambasoko/shared/testing';
import { useGuestCart } from '../lib/cart/guest-cart-store';
import MarketLayout from './market-layout';

describe('MarketLayout', () => {
  const scrollTo = jest.fn();
  beforeEach(() => {
    signOut();
    useGuestCart.setState({ items: [] });
    scrollTo.mockReset();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });

  it('leaves the page the visit opens with where the browser put it, and starts the next page at the top', () => {
    mockApi({});
    renderPage(<MarketLayout />, { url: '/cart' });
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/get-started');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});
