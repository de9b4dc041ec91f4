import { screen, within } from '@testing-library/react';
import { waitFor } from '@testing-library/react';
import { combineHire, sellerProfileOf, storefront } from '../../testing/fixtures';
import StorefrontPage from './storefront-page';
import { mockApi, renderPage, signInAs, signOut } from '@shambasoko/shared/testing';

describe('StorefrontPage', () => {
  beforeEach(() => signOut());

  it("shows the seller's shop, how to reach them, and their listings as product cards", async () => {
    mockApi({ 'GET /v1/sellers/s1': () => ({ body: storefront }) });
    renderPage(<StorefrontPage />, { url: '/market/seller/s1', path: '/market/seller/:sellerId' });
    const heading = await screen.findByRole('heading', { level: 1, name: /Rift Agrovet/ });
    expect(within(heading).getByText('Verified seller')).toBeInTheDocument();
    const header = within(heading.closest('section, div')!.parentElement!);
    expect(header.getByText('Nakuru')).toBeInTheDocument();
    expect(screen.getByText('4.6 (40 reviews)')).toBeInTheDocument();
    expect(screen.getByText('Member since 2019')).toBeInTheDocument();
    expect(screen.getByText('Certified seed and fertiliser since 2019.')).toBeInTheDocument();
    expect(screen.getByText('Kenyatta Avenue, Nakuru town')).toBeInTheDocument();

    const contact = screen.getByRole('group', { name: 'Contact Seller' });
    expect(within(contact).getByRole('link', { name: 'Call Rift Agrovet' })).toHaveAttribute('href', 'tel:+254712345678');
    expect(within(contact).getByRole('link', { name: 'Send an SMS to Rift Agrovet' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^sms:\+254712345678\?body=/),
    );
    // WhatsApp goes to the WhatsApp number, digits only.
    expect(within(contact).getByRole('link', { name: 'WhatsApp Rift Agrovet' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/254733000111\?text=/),
    );

    const listings = screen.getByRole('region', { name: 'Listings (1)' });
    expect(within(listings).getByRole('link', { name: 'Certified Maize Seed H614D' })).toHaveAttribute(
      'href',
      '/market/item?itemId=p-maize',
    );
  });

  it("shows Message seller to a signed-in buyer, and not to the shop's own seller", async () => {
    signInAs();
    let ownShop: string | null = null;
    mockApi({
      'GET /v1/sellers/s1': () => ({ body: storefront }),
      'GET /v1/seller/profile': () => ({ body: { profile: ownShop === null ? null : sellerProfileOf({ id: ownShop }) } }),
    });
    const buyer = renderPage(<StorefrontPage />, { url: '/market/seller/s1', path: '/market/seller/:sellerId' });
    expect(await screen.findByRole('button', { name: 'Message seller' })).toBeInTheDocument();
    buyer.unmount();

    ownShop = 's1';
    const own = renderPage(<StorefrontPage />, { url: '/market/seller/s1', path: '/market/seller/:sellerId' });
    expect(await screen.findByRole('heading', { level: 1, name: /Rift Agrovet/ })).toBeInTheDocument();
    await waitFor(() => expect(own.client.getQueryState(['market', 'seller', 'u1', 'profile'])?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
  });

  it('shows a service without stock, to be requested on its page rather than put in the cart', async () => {
    const { reviewsList: _r, related: _rel, images: _i, description: _d, specifications: _s, delivery: _dl, ...card } = combineHire;
    mockApi({
      'GET /v1/sellers/s1': () => ({
        body: { ...storefront, products: [{ ...card, seller: { id: 's1', name: 'Rift Agrovet', verified: true, rating: 4.6 } }] },
      }),
    });
    renderPage(<StorefrontPage />, { url: '/market/seller/s1', path: '/market/seller/:sellerId' });
    const listing = within(await screen.findByRole('article', { name: 'Combine Harvester Hire' }));
    expect(listing.queryByText('Out of Stock')).toBeNull();
    expect(listing.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    expect(listing.getByRole('link', { name: /^Request service\s*: Combine Harvester Hire$/ })).toHaveAttribute(
      'href',
      '/market/item?itemId=p-combine',
    );
  });

  it('says when the shop does not exist', async () => {
    mockApi({ 'GET /v1/sellers/nope': () => ({ status: 404, message: 'Seller not found' }) });
    renderPage(<StorefrontPage />, { url: '/market/seller/nope', path: '/market/seller/:sellerId' });
    expect(await screen.findByText('This shop does not exist or has closed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Marketplace' })).toHaveAttribute('href', '/market');
  });
});
