import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useGuestCart } from '../../lib/cart/guest-cart-store';
import { maizeDetail } from '../../testing/fixtures';
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
    await userEvent.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(screen.getByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(screen.getByLabelText('Your review'), 'Germinated well on my farm.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only customers who bought this product can review it');
  });

  it('opens Contact Seller with call, message and e-mail links', async () => {
    mockApi({ 'GET /v1/products/p-maize': () => ({ body: maizeDetail }) });
    renderPage(<ProductPage />, { url: '/market/item?itemId=p-maize' });
    await userEvent.click(await screen.findByRole('button', { name: 'Contact Seller' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact Seller' });
    expect(within(dialog).getByRole('link', { name: /Call Seller/ })).toHaveAttribute('href', 'tel:+254712345678');
    expect(within(dialog).getByRole('link', { name: /Send Message/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^sms:\+254712345678/),
    );
    expect(within(dialog).getByRole('link', { name: /Send Email/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:sales@rift\.example\.co\.ke/),
    );
    expect(within(dialog).getByText('Coming soon')).toBeInTheDocument();
  });

  it('shows a friendly not-found with a way back', async () => {
    mockApi({ 'GET /v1/products/nope': () => ({ status: 404, message: 'Product not found' }) });
    renderPage(<ProductPage />, { url: '/market/item?itemId=nope' });
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Marketplace' })).toHaveAttribute('href', '/market');
  });
});
