import { screen, waitFor } from '@testing-library/react';
import { useGuestCart } from '../lib/cart/guest-cart-store';
import { cartItem, cartOf } from '../testing/fixtures';
import { MarketHeader } from './market-header';
import { mockApi, renderPage, signInAs, signOut } from '@shambasoko/shared/testing';

describe('MarketHeader', () => {
  beforeEach(() => {
    signOut();
    useGuestCart.setState({ items: [] });
  });

  it("counts a guest's cart and offers Sign In", () => {
    mockApi({});
    useGuestCart.setState({ items: [cartItem({ quantity: 3 })] });
    renderPage(<MarketHeader />, { url: '/cart' });
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/get-started');
  });

  it('merges the guest cart once after sign-in, then shows the server count', async () => {
    signInAs();
    useGuestCart.setState({ items: [cartItem({ quantity: 2 })] });
    let server = cartOf([cartItem({ productId: 'p2', quantity: 1 })]);
    const { calls } = mockApi({
      'GET /v1/cart': () => ({ body: server }),
      'POST /v1/cart/merge': () => {
        server = cartOf([cartItem({ quantity: 2 }), cartItem({ productId: 'p2', quantity: 1 })]);
        return { body: server };
      },
    });
    renderPage(
      <>
        <MarketHeader />
        <MarketHeader />
      </>,
      { url: '/market' },
    );
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Cart, 3 items' })).toHaveLength(2));
    expect(useGuestCart.getState().items).toEqual([]);
    expect(calls.filter((c) => c.path === '/v1/cart/merge')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/v1/cart/merge')?.body).toEqual({ items: [{ productId: 'p-maize', quantity: 2 }] });
    expect(screen.getAllByRole('link', { name: 'My Orders' })[0]).toHaveAttribute('href', '/orders');
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute('href', '/dashboard');
  });
});
