import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDeliveryCounty } from '../../lib/cart/delivery-county-store';
import { useGuestCart } from '../../lib/cart/guest-cart-store';
import { usePromo } from '../../lib/cart/promo-store';
import { cartItem, cartOf, orderOf } from '../../testing/fixtures';
import CartPage from './cart-page';
import type { OrderQuote, OrderQuoteRequest } from '@shambasoko/contracts';
import { type Handler, mockApi, renderPage, signInAs, signOut } from '@shambasoko/shared/testing';

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

/** The cart: two sellers, each with its own fee to the buyer's county (Ksh 750 each to Kisumu). */
const twoSellerCart = cartOf([
  cartItem({ quantity: 2 }),
  cartItem({ productId: 'p-beans', name: 'Rosecoco Beans 2kg', price: 400, quantity: 1, seller: 'Lakeside Farm', location: 'Kisumu' }),
]);
const FEES: Record<string, [number, number]> = { Kisumu: [750, 350], Kiambu: [350, 750] };
const quoteFor: Handler = ({ body }) => {
  const { county } = body as OrderQuoteRequest;
  const [rift, lakeside] = FEES[county] ?? [750, 750];
  return {
    body: {
      sellers: [
        { sellerId: 's1', sellerName: 'Rift Agrovet', county: 'Nakuru', subtotal: 1300, deliveryFee: rift, weightKg: 4 },
        { sellerId: 's2', sellerName: 'Lakeside Farm', county: 'Kisumu', subtotal: 400, deliveryFee: lakeside, weightKg: 2 },
      ],
      subtotal: 1700,
      deliveryFee: rift + lakeside,
    } satisfies OrderQuote,
  };
};

// Whole forms typed key by key take a few seconds on a busy machine.
jest.setTimeout(30_000);

describe('CartPage', () => {
  beforeEach(() => {
    usePromo.setState({ code: null });
    useDeliveryCounty.setState({ county: null });
    useGuestCart.setState({ items: [] });
    signOut();
  });

  it("shows subtotal, the quoted delivery to the last order's county and a total that includes a validated promo", async () => {
    signInAs();
    const { calls } = mockApi({
      'GET /v1/cart': () => ({ body: cartOf([cartItem({ quantity: 2 })]) }),
      'GET /v1/orders': () => ({ body: [orderOf()] }),
      'POST /v1/orders/quote': () => ({
        body: {
          sellers: [{ sellerId: 's1', sellerName: 'Rift Agrovet', county: 'Nakuru', subtotal: 1300, deliveryFee: 350, weightKg: 4 }],
          subtotal: 1300,
          deliveryFee: 350,
        },
      }),
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
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent(/1,650/));
    expect(summary().getByText('Delivery').nextSibling).toHaveTextContent(/^Ksh\s350$/);

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

  it('never shows "from Ksh 350" as a total: until a county is known it asks for one, then shows each seller\'s fee and the true total', async () => {
    signInAs();
    const { calls } = mockApi({
      'GET /v1/cart': () => ({ body: twoSellerCart }),
      'GET /v1/orders': () => ({ body: [] }),
      'POST /v1/orders/quote': quoteFor,
    });
    renderPage(<CartPage />, { url: '/cart' });

    expect(await screen.findByText('Rosecoco Beans 2kg')).toBeInTheDocument();
    expect(summary().getByText('Delivery').nextSibling).toHaveTextContent('Depends on your county');
    expect(summary().getByText('Total before delivery').nextSibling).toHaveTextContent(/^Ksh\s1,700$/);
    expect(screen.getByText("Choose your county to see each seller's delivery fee and the total you will pay.")).toBeInTheDocument();
    expect(screen.queryByText(/from Ksh/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/orders/quote')).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Deliver to county'), 'Kisumu');
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent(/^Ksh\s2,800$/));
    expect(summary().getByText('Total')).toBeInTheDocument();
    expect(summary().getByText('Delivery').nextSibling).toHaveTextContent(/^Ksh\s1,100$/);
    const perSeller = within(screen.getByTestId('delivery-per-seller'));
    expect(perSeller.getByText('Rift Agrovet (Nakuru)').nextSibling).toHaveTextContent(/^Ksh\s750$/);
    expect(perSeller.getByText('Lakeside Farm (Kisumu)').nextSibling).toHaveTextContent(/^Ksh\s350$/);
    expect(calls.filter((c) => c.path === '/v1/orders/quote').map((c) => c.body)).toEqual([{ county: 'Kisumu', delivery: 'standard' }]);
    // Checkout starts its address with the county the fee was shown for.
    expect(useDeliveryCounty.getState().county).toBe('Kisumu');
  });

  it("asks the quote for the county of the buyer's last order without being asked, and again when the county changes", async () => {
    signInAs();
    const { calls } = mockApi({
      'GET /v1/cart': () => ({ body: twoSellerCart }),
      'GET /v1/orders': () => ({ body: [orderOf()] }),
      'POST /v1/orders/quote': quoteFor,
    });
    renderPage(<CartPage />, { url: '/cart' });
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent(/^Ksh\s2,800$/));
    expect(screen.getByLabelText('Deliver to county')).toHaveValue('Kiambu');
    expect(within(screen.getByTestId('delivery-per-seller')).getByText('Rift Agrovet (Nakuru)').nextSibling).toHaveTextContent(
      /^Ksh\s350$/,
    );

    await userEvent.selectOptions(screen.getByLabelText('Deliver to county'), 'Mombasa');
    await waitFor(() => expect(summary().getByText('Delivery').nextSibling).toHaveTextContent(/^Ksh\s1,500$/));
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^Ksh\s3,200$/);
    expect(calls.filter((c) => c.path === '/v1/orders/quote').map((c) => c.body)).toEqual([
      { county: 'Kiambu', delivery: 'standard' },
      { county: 'Mombasa', delivery: 'standard' },
    ]);
  });

  it('says which line is a pre-order and when its harvest is expected', async () => {
    signInAs();
    mockApi({
      'GET /v1/cart': () => ({
        body: cartOf([
          cartItem({ quantity: 2 }),
          cartItem({ productId: 'p-pre', name: 'Maize, expected harvest', price: 45, quantity: 5, harvestExpected: '2027-02-28' }),
        ]),
      }),
      'GET /v1/orders': () => ({ body: [] }),
    });
    renderPage(<CartPage />, { url: '/cart' });
    const notes = await screen.findAllByText('Pre-order · harvest expected 28 Feb 2027 · delivery after harvest');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.closest('li')).toHaveTextContent('Maize, expected harvest');
  });

  it('tells a guest the fee depends on the county, with no guessed fee in the total', async () => {
    signOut();
    const { calls } = mockApi({});
    useGuestCart.setState({ items: twoSellerCart.items });
    renderPage(<CartPage />, { url: '/cart' });
    expect(summary().getByText('Delivery').nextSibling).toHaveTextContent('Depends on your county');
    expect(summary().getByText('Total before delivery').nextSibling).toHaveTextContent(/^Ksh\s1,700$/);
    expect(
      screen.getByText("The delivery fee depends on your county and on each seller's. You will see it once you sign in."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/from Ksh/)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
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
