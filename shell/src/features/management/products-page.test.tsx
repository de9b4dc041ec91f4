import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import type { AdminProduct } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import ProductsPage from './products-page';

function signInAsAdmin() {
  signInAs();
  const user = useSession.getState().user;
  useSession.setState({ user: { ...user!, roles: ['Admin'] } as typeof user });
}

const maize = (over: Partial<AdminProduct> = {}): AdminProduct => ({
  id: '7d1f4c2e-0000-4000-8000-0000000000b1',
  title: 'Dry maize, 90 kg bag',
  price: 4200,
  sellerId: '7d1f4c2e-0000-4000-8000-0000000000c1',
  sellerName: 'Kipchoge Farm',
  status: 'active',
  takenDown: null,
  createdAt: '2026-11-20T08:00:00Z',
  ...over,
});

describe('Products', () => {
  it('takes a listing down with a reason, then offers Restore and shows why it is down', async () => {
    signInAsAdmin();
    let listing = maize();
    const api = mockApi({
      'GET /v1/admin/products': () => ({ body: { items: [listing], nextCursor: null } }),
      [`POST /v1/admin/products/${listing.id}/take-down`]: (call) => {
        const { reason } = call.body as { reason: string };
        listing = maize({ status: 'taken_down', takenDown: { at: '2026-12-01T10:00:00Z', reason } });
        return { body: listing, message: 'Listing taken down' };
      },
    });
    renderPage(<ProductsPage />, { url: '/admin/products' });
    const card = await screen.findByRole('article', { name: 'Dry maize, 90 kg bag' });
    expect(card).toHaveTextContent('by Kipchoge Farm');
    expect(card).toHaveTextContent('Ksh 4,200');
    await userEvent.click(within(card).getByRole('button', { name: 'Take down' }));
    const dialog = screen.getByRole('dialog', { name: 'Take down Dry maize, 90 kg bag?' });
    expect(dialog).toHaveTextContent('The seller is told the reason.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Counterfeit seed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([expect.objectContaining({ body: { reason: 'Counterfeit seed' } })]);
    const after = await screen.findByRole('article', { name: 'Dry maize, 90 kg bag' });
    expect(await within(after).findByText(/Taken down on .*: Counterfeit seed/)).toBeInTheDocument();
    expect(within(after).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });

  it('shows the refusal inside the dialog when the API says no', async () => {
    signInAsAdmin();
    const listing = maize();
    mockApi({
      'GET /v1/admin/products': () => ({ body: { items: [listing], nextCursor: null } }),
      [`POST /v1/admin/products/${listing.id}/take-down`]: () => ({ status: 409, message: 'This listing is already taken down.' }),
    });
    renderPage(<ProductsPage />, { url: '/admin/products' });
    await userEvent.click(await screen.findByRole('button', { name: 'Take down' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This listing is already taken down.');
  });
});
