import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import { useDeliveryCounty } from '../../lib/cart/delivery-county-store';
import { usePromo } from '../../lib/cart/promo-store';
import { leaveFor } from '../../lib/leave-for';
import { cartItem, cartOf, maizeDetail, mpesaPending, orderOf, paymentOf } from '../../testing/fixtures';
import { CHECKOUT_DRAFT_KEY } from './checkout-draft';
import CheckoutPage from './checkout-page';
import { deliveryFee, type OrderQuoteRequest } from '@shambasoko/contracts';
import { type Handler, mockApi, renderPage, signInAs, signOut } from '@shambasoko/shared/testing';

jest.mock('../../lib/leave-for', () => ({ leaveFor: jest.fn() }));

const order = orderOf({ payment: mpesaPending() });

/** POST /v1/orders/quote for the cart's one seller, Rift Agrovet in Nakuru: 2 bags of 2 kg. */
const quoteFor: Handler = ({ body }) => {
  const { county, delivery = 'standard' } = body as OrderQuoteRequest;
  const fee = deliveryFee({ sellerCounty: 'Nakuru', buyerCounty: county, weightKg: 4, method: delivery });
  return {
    body: {
      sellers: [{ sellerId: 's1', sellerName: 'Rift Agrovet', county: 'Nakuru', subtotal: 1300, deliveryFee: fee, weightKg: 4 }],
      subtotal: 1300,
      deliveryFee: fee,
    },
  };
};

const profile = (msisdn: string | null) => ({
  id: 'u1',
  email: 'wanjiku@example.co.ke',
  username: 'wanjiku',
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  fullName: 'Wanjiku Kamau',
  msisdn,
  avatar: null,
  roles: ['Buyer' as const],
});

function setup(extra: Record<string, Handler> = {}, url = '/checkout') {
  signInAs({ name: 'Wanjiku Kamau', email: 'wanjiku@example.co.ke' });
  const api = mockApi({
    'GET /v1/cart': () => ({ body: cartOf([cartItem({ quantity: 2 })]) }),
    'POST /v1/orders': () => ({ status: 201, body: order }),
    'POST /v1/orders/quote': quoteFor,
    'GET /v1/orders': () => ({ body: [] }),
    ...extra,
  });
  renderPage(<CheckoutPage />, { url });
  return api;
}

const errorOf = (label: RegExp) => screen.getByLabelText(label).getAttribute('aria-describedby');
const messageUnder = (label: RegExp) => {
  const ids = errorOf(label)?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

async function fillShipping() {
  await userEvent.clear(screen.getByLabelText(/^Phone/));
  await userEvent.type(screen.getByLabelText(/^Phone/), '0712 345 678');
  await userEvent.type(screen.getByLabelText(/^Landmark or directions/), 'Opposite Kenol petrol station');
  await userEvent.type(screen.getByLabelText(/^Nearest town/), 'Nakuru');
  await userEvent.selectOptions(screen.getByLabelText(/^County/), 'Nakuru');
}

async function toReview() {
  await screen.findByRole('heading', { name: 'Shipping Information' });
  await fillShipping();
  await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Review Order' }));
  await screen.findByRole('heading', { name: 'Review Your Order' });
}

const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

beforeAll(() => {
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});

// Whole forms typed key by key take a few seconds on a busy machine.
jest.setTimeout(30_000);

describe('CheckoutPage', () => {
  beforeEach(() => {
    signOut();
    sessionStorage.clear();
    usePromo.setState({ code: null });
    useDeliveryCounty.setState({ county: null });
  });

  it('shows a pre-order with its harvest date, and places it only once the buyer ticks that it is paid now and delivered after the harvest', async () => {
    const api = setup({
      'GET /v1/cart': () => ({
        body: cartOf([cartItem({ productId: 'p-pre', name: 'Maize, expected harvest', quantity: 2, harvestExpected: '2027-02-28' })]),
      }),
    });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(screen.getByText('Pre-order · harvest expected 28 Feb 2027 · delivery after harvest')).toBeInTheDocument();
    await toReview();
    const agree = screen.getByRole('checkbox', { name: 'I agree: my pre-order is paid now and delivered after the harvest' });
    expect(agree).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: /^Place Order/ }));
    expect(await screen.findByText('Tick the box to agree to the pre-order before paying.')).toBeInTheDocument();
    expect(api.writes().filter((w) => w.path === '/v1/orders')).toHaveLength(0);

    await userEvent.click(agree);
    await userEvent.click(screen.getByRole('button', { name: /^Place Order/ }));
    await waitFor(() => expect(api.writes().filter((w) => w.path === '/v1/orders')).toHaveLength(1));
    expect(api.writes().find((w) => w.path === '/v1/orders')?.body).toMatchObject({ preorderAgreed: true });
  });

  it('asks no agreement for stock on hand', async () => {
    const api = setup();
    await toReview();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Place Order/ }));
    await waitFor(() => expect(api.writes().filter((w) => w.path === '/v1/orders')).toHaveLength(1));
    expect(api.writes().find((w) => w.path === '/v1/orders')?.body).not.toHaveProperty('preorderAgreed');
  });

  it('starts the address with the county chosen on the cart, the one its delivery fee was shown for', async () => {
    useDeliveryCounty.setState({ county: 'Mombasa' });
    const { calls } = setup({ 'GET /v1/orders': () => ({ body: [orderOf()] }) });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await waitFor(() => expect(screen.getByLabelText(/^County/)).toHaveValue('Mombasa'));
    expect(screen.getByLabelText(/^Nearest town/)).toHaveValue('Kiambu'); // the rest from the last order
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('2,050'));
    expect(calls.filter((c) => c.path === '/v1/orders/quote').map((c) => (c.body as OrderQuoteRequest).county)).toEqual(['Mombasa']);
  });

  it('asks a guest to sign in first', () => {
    mockApi({});
    renderPage(<CheckoutPage />, { url: '/checkout' });
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/sign-in?returnTo=%2Fcheckout');
  });

  it('offers all 47 counties and prices delivery per seller from the quote, asking again when county or method changes', async () => {
    let release: () => void = () => {};
    let held = false;
    const { calls } = setup({
      'POST /v1/orders/quote': async (call) => {
        // The first answer waits, to see the summary while it loads.
        if (!held) {
          held = true;
          await new Promise<void>((r) => (release = r));
        }
        return quoteFor(call);
      },
    });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    const county = screen.getByLabelText(/^County/);
    expect(
      within(county)
        .getAllByRole('option')
        .filter((o) => (o as HTMLOptionElement).value !== ''),
    ).toHaveLength(47);
    const summary = within(screen.getByTestId('order-summary'));
    // No county yet: the spec's base fee, as a starting price.
    expect(summary.getByText('from Ksh 350')).toBeInTheDocument();

    await userEvent.selectOptions(county, 'Mombasa');
    expect(summary.getByText('from Ksh 350')).toBeInTheDocument(); // while the quote loads
    await act(async () => release());
    // Nakuru → Mombasa is another region: 350 + 400.
    expect((await summary.findAllByText('Ksh 750'))[0]).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('2,050');
    expect(within(screen.getByTestId('delivery-per-seller')).getByText('Rift Agrovet (Nakuru)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Express Delivery/ }));
    expect((await summary.findAllByText('Ksh 1,100'))[0]).toBeInTheDocument();
    await userEvent.selectOptions(county, 'Nakuru');
    expect((await summary.findAllByText('Ksh 700'))[0]).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('2,000');
    const quotes = calls.filter((c) => c.path === '/v1/orders/quote').map((c) => c.body);
    expect(quotes).toEqual([
      { county: 'Mombasa', delivery: 'standard' },
      { county: 'Mombasa', delivery: 'express' },
      { county: 'Nakuru', delivery: 'express' },
    ]);
  });

  it('keeps step 1 until every required shipping field is valid, with a message under each', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Wanjiku');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('wanjiku@example.co.ke');
    await userEvent.clear(screen.getByLabelText(/^First Name/));
    await userEvent.clear(screen.getByLabelText(/^Email/));
    await userEvent.type(screen.getByLabelText(/^Email/), 'wanjiku@');

    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(messageUnder(/^First Name/)).toContain('First name is required');
    expect(messageUnder(/^Email/)).toContain('Enter a valid email address');
    expect(messageUnder(/^Phone/)).toContain('Phone number is required');
    expect(messageUnder(/^Landmark or directions/)).toContain('Add a landmark or directions');
    expect(messageUnder(/^Nearest town/)).toContain('Nearest town is required');
    expect(messageUnder(/^Pick-up point/)).not.toContain('required');
    expect(messageUnder(/^County/)).toContain('County is required');
    expect(messageUnder(/^Postal Code/)).not.toContain('required');
    expect(screen.getByRole('heading', { name: 'Shipping Information' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveFocus());

    // Fixing a field clears its message as you type.
    await userEvent.type(screen.getByLabelText(/^First Name/), 'Wanjiku');
    expect(messageUnder(/^First Name/)).toBe('');
    await userEvent.type(screen.getByLabelText(/^Email/), 'example.co.ke');
    await userEvent.type(screen.getByLabelText(/^Phone/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(messageUnder(/^Phone/)).toContain('Enter a Kenyan phone number such as 0712 345 678');

    await userEvent.clear(screen.getByLabelText(/^Phone/));
    await fillShipping();
    expect(screen.getByRole('option', { name: 'Kiambu' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment Method' })).toBeInTheDocument();
  });

  it('offers M-Pesa first, prefilled with the profile phone, checks it, and asks card or bank for nothing', async () => {
    setup({ 'GET /v1/profile/status': () => ({ body: { user: profile('+254722000111') } }) });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Method' });
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['mpesa', 'card', 'bank']);
    expect(screen.getByRole('radio', { name: /M-Pesa/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /M-Pesa/ })).toBeEnabled();
    // The profile's number, not the delivery phone typed on step 1.
    const phone = screen.getByLabelText(/^M-Pesa Phone Number/);
    expect(phone).toHaveValue('+254 722 000 111');
    expect(screen.queryByLabelText(/Card Number|CVV|Expiry|Name on Card/)).toBeNull();

    await userEvent.clear(phone);
    await userEvent.click(await screen.findByRole('button', { name: 'Review Order' }));
    expect(messageUnder(/^M-Pesa Phone Number/)).toContain('M-Pesa phone number is required');
    await userEvent.type(phone, '0712');
    expect(messageUnder(/^M-Pesa Phone Number/)).toContain('Enter an M-Pesa number such as 0712 345 678');
    expect(screen.getByRole('heading', { name: 'Payment Method' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Credit \/ Debit Card/ }));
    expect(screen.getByText('How card payment works')).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Payment Method' })).queryByRole('textbox')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Review Order' }));
    expect(await screen.findByRole('heading', { name: 'Review Your Order' })).toBeInTheDocument();
    expect(screen.getByText(/You type your card on our payment partner's secure page next/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('radio', { name: /Bank Transfer/ }));
    expect(screen.getByText('How bank transfer works')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Review Order' }));
    expect(await screen.findByRole('heading', { name: 'Review Your Order' })).toBeInTheDocument();
  });

  it('prefills the phone and the place from the last order, and never overwrites what the buyer typed', async () => {
    const last = {
      ...order,
      shipping: {
        ...order.shipping,
        phone: '0722 111 222',
        city: 'Eldoret',
        state: 'Uasin Gishu',
        address: 'Behind Zion Mall',
        pickupPoint: 'Stage 4 shop 12',
      },
    };
    setup({
      'GET /v1/profile/status': () => ({ body: { user: profile('+254733000999') } }),
      'GET /v1/orders': () => ({ body: [last, order] }),
    });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await waitFor(() => expect(screen.getByLabelText(/^Nearest town/)).toHaveValue('Eldoret'));
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('0722 111 222');
    expect(screen.getByLabelText(/^County/)).toHaveValue('Uasin Gishu');
    expect(screen.getByLabelText(/^Landmark or directions/)).toHaveValue('Behind Zion Mall');
    expect(screen.getByLabelText(/^Pick-up point/)).toHaveValue('Stage 4 shop 12');
    // Cleared on purpose: it stays cleared.
    await userEvent.clear(screen.getByLabelText(/^Pick-up point/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Method' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/^Pick-up point/)).toHaveValue('');
  });

  it('with no earlier order, prefills the phone from the profile', async () => {
    setup({ 'GET /v1/profile/status': () => ({ body: { user: profile('+254722000111') } }) });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveValue('+254 722 000 111'));
    expect(screen.getByLabelText(/^Nearest town/)).toHaveValue('');
  });

  /** The checkout with a profile (+254 722 000 111) that answers when told to. */
  const setupWithSlowProfile = () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    setup({
      'GET /v1/profile/status': async () => {
        await answered;
        return { body: { user: profile('+254722000111') } };
      },
    });
    return () => answer();
  };
  const toPaymentStep = async () => {
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    return screen.findByLabelText(/^M-Pesa Phone Number/);
  };

  it('leaves alone the field the buyer is in when the profile answers', async () => {
    const answer = setupWithSlowProfile();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await userEvent.click(screen.getByLabelText(/^Phone/));
    await act(async () => {
      answer();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('');
  });

  it('takes the profile phone for M-Pesa when the profile answers after the payment step opened, not over the buyer’s own', async () => {
    const answer = setupWithSlowProfile();
    const phone = await toPaymentStep();
    expect(phone).toHaveValue('0712 345 678');
    await act(async () => answer());
    await waitFor(() => expect(phone).toHaveValue('+254 722 000 111'));
  });

  it('keeps the M-Pesa number the buyer typed when the profile answers late', async () => {
    const answer = setupWithSlowProfile();
    const phone = await toPaymentStep();
    await userEvent.clear(phone);
    await userEvent.type(phone, '0799 888 777');
    await userEvent.tab();
    await act(async () => {
      answer();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(phone).toHaveValue('0799 888 777');
  });

  it('without a profile phone, prompts the delivery phone', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByLabelText(/^M-Pesa Phone Number/)).toHaveValue('0712 345 678');
  });

  it('above M-Pesa’s Ksh 250,000 a payment, switches M-Pesa off saying why and takes bank transfer instead', async () => {
    const { calls } = setup({
      // 2 × 130,000 and delivery: more than M-Pesa takes in one payment.
      'GET /v1/cart': () => ({ body: cartOf([cartItem({ price: 130_000, quantity: 2 })]) }),
      'POST /v1/orders': () => ({ status: 201, body: orderOf({ total: 260_350, payment: paymentOf({ amountDue: 260_350 }) }) }),
    });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Payment Method' });
    const mpesa = screen.getByRole('radio', { name: /M-Pesa/ });
    expect(mpesa).toBeDisabled();
    expect(mpesa).not.toBeChecked();
    expect(mpesa).toHaveAccessibleName(/M-Pesa takes up to Ksh\s250,000 per payment\. Pay this order by bank transfer\./);
    expect(screen.getByRole('radio', { name: /Bank Transfer/ })).toBeChecked();
    expect(screen.getByText('How bank transfer works')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^M-Pesa Phone Number/)).toBeNull();
    // Card stays a choice.
    expect(screen.getByRole('radio', { name: /Credit \/ Debit Card/ })).toBeEnabled();

    await userEvent.click(mpesa);
    expect(screen.getByRole('radio', { name: /Bank Transfer/ })).toBeChecked();
    await userEvent.click(await screen.findByRole('button', { name: 'Review Order' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Place Order · / }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/orders')).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/v1/orders');
    expect((post?.body as { payment: unknown }).payment).toEqual({ method: 'bank' });
  });

  it('card: sends no card field and leaves for the partner page the answer names', async () => {
    const redirectUrl = 'http://localhost:4010/card/pay/trk-1';
    const { calls } = setup({
      'POST /v1/orders': () => ({
        status: 201,
        body: orderOf({ payment: paymentOf({ method: 'card', status: 'pending', bank: null, redirectUrl }) }),
      }),
    });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Credit \/ Debit Card/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Review Order' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Place Order · / }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(redirectUrl));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/v1/orders');
    expect((post?.body as { payment: unknown }).payment).toEqual({ method: 'card' });
  });

  it('places the order once with an Idempotency-Key, reusing it on retry, keeping the input when refused', async () => {
    let attempts = 0;
    const { calls } = setup({
      'POST /v1/orders': () => {
        attempts += 1;
        return attempts === 1 ? { status: 409, message: 'Certified Maize Seed H614D is out of stock' } : { status: 201, body: order };
      },
    });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await userEvent.click(screen.getByRole('radio', { name: /Express Delivery/ }));
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Review Order' }));
    expect(await screen.findByText(/0712 345 678 · a PIN prompt/)).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent(/2,000/); // 1,300 + express 700
    expect(screen.getByTestId('review-total')).toHaveTextContent('Ksh 2,000');

    // The button states the amount, under the total.
    const place = screen.getByRole('button', { name: /^Place Order · Ksh\s2,000$/ });
    await act(async () => {
      place.click();
      place.click();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Certified Maize Seed H614D is out of stock');
    expect(attempts).toBe(1);
    expect(screen.getByText('Opposite Kenol petrol station')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Place Order/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/orders/o1/confirmation'));
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/v1/orders');
    expect(posts).toHaveLength(2);
    const key = posts[0]?.headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]?.headers['Idempotency-Key']).toBe(key);
    expect(posts[1]?.body).toMatchObject({
      delivery: 'express',
      shipping: { firstName: 'Wanjiku', lastName: 'Kamau', phone: '0712 345 678', state: 'Nakuru' },
    });
    // Only the method and the phone to prompt: the contract has no card field at all.
    expect((posts[1]?.body as { payment: unknown }).payment).toEqual({ method: 'mpesa', phone: '0712 345 678' });
    expect(posts[1]?.body).not.toHaveProperty('items');
    expect(screen.getByTestId('where')).toHaveAttribute('data-state', JSON.stringify({ placed: true }));
  });

  it('when the API cannot be reached, says so, keeps every input and places exactly once on retry with the same key', async () => {
    let down = true;
    const { calls } = setup({ 'POST /v1/orders': () => (down ? networkDown() : { status: 201, body: order }) });
    await toReview();

    await userEvent.click(screen.getByRole('button', { name: /^Place Order/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We can't reach ShambaSoko right now. Check your connection and try again.");
    expect(alert).toHaveTextContent('will not place a second order');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(screen.getByText('Opposite Kenol petrol station')).toBeInTheDocument();
    expect(screen.getByText(/0712 345 678 · a PIN prompt/)).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout');

    down = false;
    await userEvent.click(screen.getByRole('button', { name: /^Place Order/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/orders/o1/confirmation'));
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/v1/orders');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers['Idempotency-Key']).toBe(posts[0]?.headers['Idempotency-Key']);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
    expect(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).toBeNull();
  });

  it('keeps the shipping details and the M-Pesa number as a draft across a reload', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await userEvent.click(screen.getByRole('radio', { name: /Express Delivery/ }));
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    const phone = await screen.findByLabelText(/^M-Pesa Phone Number/);
    await userEvent.clear(phone);
    await userEvent.type(phone, '0722 000 111');
    const stored = sessionStorage.getItem(CHECKOUT_DRAFT_KEY) ?? '';
    expect(stored).toContain('Opposite Kenol petrol station');
    expect(stored).toContain('0722 000 111');
    cleanup();

    renderPage(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(screen.getByLabelText(/^Landmark or directions/)).toHaveValue('Opposite Kenol petrol station');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('0712 345 678');
    expect(screen.getByLabelText(/^County/)).toHaveValue('Nakuru');
    expect(screen.getByRole('radio', { name: /Express Delivery/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByLabelText(/^M-Pesa Phone Number/)).toHaveValue('0722 000 111');
  });

  it('reuses the key of a placement whose answer was lost, even after a reload', async () => {
    let down = true;
    const { calls } = setup({ 'POST /v1/orders': () => (down ? { status: 503 } : { status: 201, body: order }) });
    await toReview();
    await userEvent.click(screen.getByRole('button', { name: /^Place Order/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your details are kept');
    cleanup();

    down = false;
    renderPage(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' })); // shipping came back from the draft
    await userEvent.click(await screen.findByRole('button', { name: 'Review Order' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Place Order/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/orders/o1/confirmation'));
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/v1/orders');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers['Idempotency-Key']).toBe(posts[0]?.headers['Idempotency-Key']);
  });

  it('after a lost answer, an emptied cart points to My Orders instead of offering to shop again', async () => {
    let placedOnServer = false;
    setup({
      'GET /v1/cart': () => ({ body: cartOf(placedOnServer ? [] : [cartItem({ quantity: 2 })]) }),
      'POST /v1/orders': () => {
        placedOnServer = true;
        throw new TypeError('Failed to fetch'); // the server placed it; the answer never came back
      },
    });
    await toReview();
    await userEvent.click(screen.getByRole('button', { name: /^Place Order/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We can't reach ShambaSoko");
    cleanup();

    renderPage(<CheckoutPage />, { url: '/checkout' });
    expect(
      await screen.findByText('Your last order may already have been placed. Check My Orders before ordering again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
  });

  it("does not offer another account this tab's draft", async () => {
    setup();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await userEvent.type(screen.getByLabelText(/^Landmark or directions/), 'Opposite Kenol petrol station');
    cleanup();
    signInAs({ name: 'Otieno Odhiambo', email: 'otieno@example.co.ke' });
    useSession.setState({ user: { uid: 'u2', displayName: 'Otieno Odhiambo', email: 'otieno@example.co.ke' }, userId: 'u2' });
    renderPage(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(screen.getByLabelText(/^Landmark or directions/)).toHaveValue('');
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Otieno');
  });

  it('Buy Now orders only that item, sent as items', async () => {
    const { calls } = setup({ 'GET /v1/products/p-maize': () => ({ body: maizeDetail }) }, '/checkout?buyNow=p-maize&quantity=3');
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(screen.getByText('Qty 3')).toBeInTheDocument();
    await fillShipping();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await userEvent.click(screen.getByRole('radio', { name: /Bank Transfer/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Review Order' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Place Order/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/orders/o1/confirmation'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/v1/orders');
    expect(post?.body).toMatchObject({ items: [{ productId: 'p-maize', quantity: 3 }], payment: { method: 'bank' } });
  });
});
