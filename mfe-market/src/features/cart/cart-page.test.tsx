import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useGuestCart } from '../../lib/cart/guest-cart-store';
import { usePromo } from '../../lib/cart/promo-store';
import { cartItem, cartOf } from '../../testing/fixtures';
import CartPage from './cart-page';
import { mockApi, renderPage, signInAs, signOut } from '@shambasoko/shared/testing';

/** A cart API that fails as unreachable while `down` is set. */
function mockCartApi(state: { down: boolean }) {
  mockApi({
    'GET /v1/cart': () => {
      if (state.down) throw new TypeError('Failed to fetch');
      return { body: cartOf([cartItem({ quantity: 2 })]) };
    },
  });
  return state;
}

const summary = () => within(screen.getByTestId('order-summary'));

// Whole forms typed key by key take a few seconds on a busy machine.
jest.setTimeout(30_000);

describe('CartPage', () => {
  beforeEach(() => {
    usePromo.setState({ code: null });
    useGuestCart.setState({ items: [] });
    signOut();
  });

  it('shows subtotal, delivery from 350 and a total that includes a validated promo', async () => {
    signInAs();
    const { calls } = mockApi({
      'GET /v1/cart': () => ({ body: cartOf([cartItem({ quantity: 2 })]) }),
      'POST /v1/promos/validate': ({ body }) => {
        const { code } = body as { code: string };
        return code === 'KARIBU10'
          ? { body: { code, type: 'percentage', value: 10, discount: 130 } }
          : { status: 400, message: `Promo code ${code} is not valid` };
      },
    });
    renderPage(<CartPage />, { url: '/cart' });

    expect(await screen.findByText('Certified Maize Seed H614D')).toBeInTheDocument();
    expect(summary().getByText('Subtotal (2 items)').nextSibling).toHaveTextContent(/1,300/);
    expect(summary().getByText('Delivery').nextSibling).toHaveTextContent(/from Ksh\s350/);
    expect(screen.getByTestId('order-total')).toHaveTextContent(/1,650/);

    await userEvent.type(screen.getByLabelText('Promo code'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code NOPE is not valid')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent(/1,650/);

    await userEvent.clear(screen.getByLabelText('Promo code'));
    await userEvent.type(screen.getByLabelText('Promo code'), 'karibu10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent(/1,520/));
    expect(summary().getByText('Discount (KARIBU10)').nextSibling).toHaveTextContent(/130/);
    expect(calls.filter((c) => c.path === '/v1/promos/validate').at(-1)?.body).toEqual({ code: 'KARIBU10', subtotal: 1300 });
  });

  it("shows the server's message when a quantity is refused", async () => {
    signInAs();
    mockApi({
      'GET /v1/cart': () => ({ body: cartOf([cartItem({ quantity: 4, stockQuantity: 9 })]) }),
      'PATCH /v1/cart/items/p-maize': () => ({ status: 400, message: 'Only 4 bags of Certified Maize Seed H614D are left' }),
    });
    renderPage(<CartPage />, { url: '/cart' });
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 4 bags of Certified Maize Seed H614D are left');
  });

  it('keeps a guest cart in the browser and sends a guest to sign in on checkout', async () => {
    signOut();
    mockApi({});
    useGuestCart.setState({ items: [cartItem({ quantity: 5, stockQuantity: 5 })] });
    renderPage(<CartPage />, { url: '/cart' });
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByText('Only 5 in stock')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(useGuestCart.getState().items[0]?.quantity).toBe(4);
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/sign-in?returnTo=%2Fcheckout');
    expect(useGuestCart.getState().items).toHaveLength(1);
  });

  it('says the API cannot be reached, with a Retry that loads the cart once it is back', async () => {
    signInAs();
    const api = mockCartApi({ down: true });
    renderPage(<CartPage />, { url: '/cart' });
    expect(await screen.findByRole('alert')).toHaveTextContent("We can't reach ShambaSoko right now. Check your connection and try again.");
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    api.down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Certified Maize Seed H614D')).toBeInTheDocument();
  });

  it('keeps showing a loaded cart when a refresh fails', async () => {
    signInAs();
    const api = mockCartApi({ down: false });
    const { client } = renderPage(<CartPage />, { url: '/cart' });
    expect(await screen.findByText('Certified Maize Seed H614D')).toBeInTheDocument();
    api.down = true;
    await client.refetchQueries({ queryKey: ['market', 'cart'] });
    expect(screen.getByText('Certified Maize Seed H614D')).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
  });

  it("says 'Your cart is empty' with a way back to the market", async () => {
    signOut();
    renderPage(<CartPage />, { url: '/cart' });
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Add some products to get started')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/market');
    expect(screen.getByRole('link', { name: 'Back to Marketplace' })).toHaveAttribute('href', '/market');
  });
});
