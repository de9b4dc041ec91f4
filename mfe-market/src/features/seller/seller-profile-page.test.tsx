import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import { sellerProfileOf } from '../../testing/fixtures';
import SellerProfilePage from './seller-profile-page';

beforeEach(() => signInAs());

async function fillIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Business name/), 'Wanjiku Fresh Produce');
  await user.selectOptions(screen.getByLabelText(/County/), 'Kiambu');
  await user.type(screen.getByLabelText(/^Phone/), '0712 345 678');
  await user.type(screen.getByLabelText(/Pick-up location/), 'Limuru market gate');
  await user.click(screen.getByRole('button', { name: 'Become a seller' }));
}

it('asks an account without a profile to become a seller, with the contract’s field messages', async () => {
  const api = mockApi({ 'GET /v1/seller/profile': () => ({ body: { profile: null } }) });
  renderPage(<SellerProfilePage />, { url: '/seller' });
  expect(await screen.findByRole('heading', { name: 'Become a seller' })).toBeInTheDocument();
  // All 47 counties, after the placeholder.
  expect(screen.getByLabelText(/County/).querySelectorAll('option')).toHaveLength(48);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Become a seller' }));
  expect(await screen.findByText('Business name is required')).toBeInTheDocument();
  expect(screen.getByText('Pick-up location is required')).toBeInTheDocument();
  expect(api.writes()).toHaveLength(0);
});

it('sends the profile and then shows it, with the storefront link', async () => {
  let profile: ReturnType<typeof sellerProfileOf> | null = null;
  const api = mockApi({
    'GET /v1/seller/profile': () => ({ body: { profile } }),
    'PUT /v1/seller/profile': () => {
      profile = sellerProfileOf();
      return { body: profile };
    },
  });
  renderPage(<SellerProfilePage />, { url: '/seller' });
  await fillIn();
  expect(await screen.findByRole('heading', { name: 'Seller Profile' })).toBeInTheDocument();
  expect(api.writes()[0]?.body).toMatchObject({ businessName: 'Wanjiku Fresh Produce', county: 'Kiambu', phone: '+254712345678' });
  expect(screen.getByRole('link', { name: 'View your storefront' })).toHaveAttribute('href', '/market/seller/s-9');
});

it('shows the API’s refusal for a Buyer-only account', async () => {
  mockApi({
    'GET /v1/seller/profile': () => ({ body: { profile: null } }),
    'PUT /v1/seller/profile': () => ({ status: 403, message: 'Only farmers, suppliers and retailers can sell.' }),
  });
  renderPage(<SellerProfilePage />, { url: '/seller' });
  await fillIn();
  expect(await screen.findByRole('alert')).toHaveTextContent('Only farmers, suppliers and retailers can sell.');
});

it('shows the Verified seller badge', async () => {
  mockApi({ 'GET /v1/seller/profile': () => ({ body: { profile: sellerProfileOf({ verified: true }) } }) });
  renderPage(<SellerProfilePage />, { url: '/seller' });
  await waitFor(() => expect(screen.getByText('Verified seller')).toBeInTheDocument());
  expect(screen.getByLabelText(/Business name/)).toHaveValue('Wanjiku Fresh Produce');
});
