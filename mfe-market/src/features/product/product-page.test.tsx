import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLocale } from '@shambasoko/shared';
import userEvent from '@testing-library/user-event';
import { useGuestCart } from '../../lib/cart/guest-cart-store';
import { combineHire, maize, maizeDetail, sellerProfileOf } from '../../testing/fixtures';
import ProductPage from './product-page';
import { mockApi, renderPage, signInAs, signOut } from '@shambasoko/shared/testing';

// Whole forms typed key by key take a few seconds on a busy machine.
jest.setTimeout(30_000);

describe('ProductPage', () => {
  beforeEach(() => {
    signOut();
    useGuestCart.setState({ items: [] });
  });

  it('keeps the quantity within stock, then Buy Now goes to checkout with that item only', async () => {
    mockApi({ 'GET /v1/products/p-maize': () => ({ body: maizeDetail }) });
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Certified Maize Seed H614D' })).toBeInTheDocument();
    expect(screen.getByText('Save Ksh 100 (13% off)')).toBeInTheDocument();
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 6; i++) await userEvent.click(plus);
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('5');
    expect(plus).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout?buyNow=p-maize&quantity=5');
    expect(useGuestCart.getState().items).toHaveLength(0);
  });

  it('shows a pre-order as one, with its harvest date, not as stock on hand with a 5-7 day delivery', async () => {
    mockApi({ 'GET /v1/products/p-maize': () => ({ body: { ...maizeDetail, stockQuantity: 25, harvestExpected: '2027-02-28' } }) });
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    expect(await screen.findByText('Pre-order · harvest expected 28 Feb 2027 · delivery after harvest')).toBeInTheDocument();
    expect(screen.queryByText(/In stock/)).not.toBeInTheDocument();
    expect(screen.queryByText(/5-7 business days|5–7/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('shows the price a kg beside what its kind typically sold for in its county, and nothing without a figure', async () => {
    let typical: { median: number; low: number; high: number; count: number } | null = { median: 42, low: 38, high: 45, count: 14 };
    mockApi({
      'GET /v1/products/p-maize': () => ({ body: maizeDetail }),
      'GET /v1/market/prices/products/p-maize': () => ({
        body: { kind: 'maize', county: 'Nakuru', baseUnit: 'kg', perBaseUnit: 42, typical },
      }),
    });
    const { unmount } = renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    expect(await screen.findByTestId('typical-price')).toHaveTextContent(
      /^Ksh\s42 a kg · typical in Nakuru: Ksh\s38–45 a kg \(14 sales\)$/,
    );
    unmount();

    typical = null;
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    expect(await screen.findByTestId('typical-price')).toHaveTextContent(/^Ksh\s42 a kg$/);
  });

  it('adds the chosen quantity to the guest cart and opens /cart', async () => {
    mockApi({ 'GET /v1/products/p-maize': () => ({ body: maizeDetail }) });
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/cart'));
    expect(useGuestCart.getState().items).toEqual([expect.objectContaining({ productId: 'p-maize', quantity: 2, price: 650 })]);
  });

  it('has working Specifications and Reviews tabs and shows the 403 message of a non-buyer', async () => {
    signInAs();
    mockApi({
      'GET /v1/products/p-maize': () => ({ body: maizeDetail }),
      'POST /v1/products/p-maize/reviews': () => ({ status: 403, message: 'Only customers who bought this product can review it' }),
    });
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Specifications' }));
    expect(within(screen.getByRole('tabpanel')).getByText('2 kg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Reviews/ }));
    // The tab's code loads when it is first opened.
    await userEvent.click(await screen.findByRole('button', { name: 'Post Review' }));
    expect(screen.getByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(screen.getByLabelText('Your review'), 'Germinated well on my farm.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only customers who bought this product can review it');
  });

  it('names the reviewer of a deleted account in Kiswahili for a Kiswahili reader, and people by their own names', async () => {
    const review = { rating: 5, date: '2026-11-20T08:00:00.000Z', comment: 'Nzuri sana', verified: true };
    const reviewsList = [
      { ...review, id: 'r1', user: 'Former customer' },
      { ...review, id: 'r2', user: 'Wanjiru K.' },
    ];
    mockApi({ 'GET /v1/products/p-maize': () => ({ body: { ...maizeDetail, reviewsList } }) });
    await act(() => setLocale('sw'));
    try {
      renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
      await userEvent.click(await screen.findByRole('tab', { name: /Maoni/ }));
      const panel = screen.getByRole('tabpanel');
      expect(within(panel).getByText('Mteja wa zamani')).toBeInTheDocument();
      expect(within(panel).getByText('Wanjiru K.')).toBeInTheDocument();
      expect(within(panel).queryByText('Former customer')).toBeNull();
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it("offers Contact Seller as call, SMS and WhatsApp links to the seller's phone, and links to the shop", async () => {
    mockApi({ 'GET /v1/products/p-maize': () => ({ body: maizeDetail }) });
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    const contact = await screen.findByRole('group', { name: 'Contact Seller' });
    expect(within(contact).getByRole('link', { name: 'Call Rift Agrovet' })).toHaveAttribute('href', 'tel:+254712345678');
    expect(within(contact).getByRole('link', { name: 'Send an SMS to Rift Agrovet' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^sms:\+254712345678\?body=.*Certified%20Maize/),
    );
    expect(within(contact).getByRole('link', { name: 'WhatsApp Rift Agrovet' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/254712345678\?text=/),
    );
    expect(screen.getByRole('link', { name: "Visit Rift Agrovet's shop" })).toHaveAttribute('href', '/market/seller/s1');
  });

  it('offers Message seller to a buyer but not to the seller of the product, whom the API would refuse', async () => {
    signInAs();
    let ownShop: string | null = 's1';
    mockApi({
      'GET /v1/products/p-maize': () => ({ body: maizeDetail }),
      'GET /v1/seller/profile': () => ({ body: { profile: ownShop === null ? null : sellerProfileOf({ id: ownShop }) } }),
    });
    const own = renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Certified Maize Seed H614D' })).toBeInTheDocument();
    await waitFor(() => expect(own.client.getQueryState(['market', 'seller', 'u1', 'profile'])?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    own.unmount();

    ownShop = 's-other';
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    expect(await screen.findByRole('button', { name: 'Message seller' })).toBeInTheDocument();
  });

  it('shows "You may also like" from the answer\'s related products', async () => {
    mockApi({
      'GET /v1/products/p-maize': () => ({ body: { ...maizeDetail, related: [{ ...maize, id: 'p-other', name: 'DK 8031 Seed' }] } }),
    });
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    const related = await screen.findByRole('region', { name: 'You may also like' });
    expect(within(related).getByRole('link', { name: 'DK 8031 Seed' })).toHaveAttribute('href', '/market/item?itemId=p-other');
  });

  it('books a service for a date and a place instead of a cart, and shows no stock', async () => {
    signInAs();
    const { writes } = mockApi({
      'GET /v1/products/p-combine': () => ({ body: combineHire }),
      'POST /v1/products/p-combine/service-requests': ({ body }) => ({
        status: 201,
        body: {
          id: 'sr1',
          productId: 'p-combine',
          productName: 'Combine Harvester Hire',
          sellerName: 'Rift Agrovet',
          ...(body as { date: string; place: string; note: string }),
          status: 'requested',
          requester: null,
          createdAt: '2026-11-20T08:00:00.000Z',
        },
      }),
    });
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-combine' });
    expect(await screen.findByRole('heading', { name: 'Request this service' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    expect(screen.queryByText(/In stock|Out of Stock/)).toBeNull();

    const date = screen.getByLabelText(/^Date/);
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Request this service' }));
    expect(await screen.findByText('Date must be today or later')).toBeInTheDocument();
    expect(screen.getByText('Place is required')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    fireEvent.change(date, { target: { value: '2099-03-14' } });
    await userEvent.type(screen.getByLabelText(/^Place/), 'Moi Ndabi, near the school');
    await userEvent.type(screen.getByLabelText(/^Note/), '12 acres of wheat');
    await userEvent.click(screen.getByRole('button', { name: 'Request this service' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Request sent.*Rift Agrovet.*14 Mar 2099.*Moi Ndabi, near the school/);
    expect(writes().map((c) => c.body)).toEqual([{ date: '2099-03-14', place: 'Moi Ndabi, near the school', note: '12 acres of wheat' }]);
  });

  it('shows a friendly not-found with a way back', async () => {
    mockApi({ 'GET /v1/products/nope': () => ({ status: 404, message: 'Product not found' }) });
    renderPage(<ProductPage />, { url: '/market/item?itemId=nope' });
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Marketplace' })).toHaveAttribute('href', '/market');
  });
});

describe('ProductPage in Kiswahili', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('names the product by its Kiswahili title for a Kiswahili reader, with the seller’s name under it', async () => {
    signOut();
    mockApi({ 'GET /v1/products/p-maize': () => ({ body: { ...maizeDetail, titleSw: 'Mbegu za mahindi H614D' } }) });
    await act(() => setLocale('sw'));
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mbegu za mahindi H614D' })).toBeInTheDocument();
    expect(screen.getByText('Certified Maize Seed H614D')).toHaveAttribute('lang', 'en');
    await act(() => setLocale('en'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Certified Maize Seed H614D' })).toBeInTheDocument();
  });
});
