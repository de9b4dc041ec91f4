import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import type { AdminAccount, AdminAction } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import AccountsPage from './accounts-page';

function signInAsAdmin() {
  signInAs();
  const user = useSession.getState().user;
  useSession.setState({ user: { ...user!, roles: ['Admin'] } as typeof user });
}

const wanjiru = (over: Partial<AdminAccount> = {}): AdminAccount => ({
  id: '7d1f4c2e-0000-4000-8000-000000000001',
  name: 'Wanjiru Njeri',
  email: 'wanjiru@example.co.ke',
  phone: '+254712345678',
  roles: ['Buyer', 'Supplier'],
  status: 'active',
  suspension: null,
  createdAt: '2026-11-01T08:00:00Z',
  ...over,
});

const suspendAction: AdminAction = {
  id: 'a1',
  action: 'account.suspend',
  actorName: 'Achieng Admin',
  subjectKind: 'account',
  subjectId: wanjiru().id,
  before: { status: 'active' },
  after: { status: 'suspended' },
  reason: 'Fake listings',
  createdAt: '2026-12-01T09:00:00Z',
};

describe('Accounts', () => {
  it('searches by name, e-mail or phone and lists roles and status', async () => {
    signInAsAdmin();
    const api = mockApi({ 'GET /v1/admin/accounts': () => ({ body: { items: [wanjiru()], nextCursor: null } }) });
    renderPage(<AccountsPage />, { url: '/admin/accounts' });
    const results = await screen.findByRole('list', { name: 'Accounts found' });
    expect(results).toHaveTextContent('Wanjiru Njeri');
    expect(results).toHaveTextContent('Buyer · Supplier');
    expect(results).toHaveTextContent('Active');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search accounts' }), '0712');
    await waitFor(() => expect(api.calls.some((c) => c.search.get('q') === '0712')).toBe(true));
  });

  it('suspends an account with a reason asked in a dialog, then shows it suspended with its history', async () => {
    signInAsAdmin();
    let account = wanjiru();
    const api = mockApi({
      [`GET /v1/admin/accounts/${account.id}`]: () => ({ body: account }),
      'GET /v1/admin/actions': () => ({ body: { items: account.status === 'suspended' ? [suspendAction] : [] } }),
      [`POST /v1/admin/accounts/${account.id}/suspend`]: (call) => {
        account = wanjiru({
          status: 'suspended',
          suspension: { at: '2026-12-01T09:00:00Z', reason: (call.body as { reason: string }).reason },
        });
        return { body: account, message: 'Account suspended' };
      },
    });
    renderPage(<AccountsPage />, { url: `/admin/accounts?id=${account.id}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Wanjiru Njeri?' });
    // A reason is required before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText(/is required/)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake listings');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([expect.objectContaining({ body: { reason: 'Fake listings' } })]);
    expect(await screen.findByText(/Suspended on .*: Fake listings/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: 'History' });
    expect(history).toHaveTextContent('Achieng Admin suspended this account');
    expect(history).toHaveTextContent('Reason: Fake listings');
  });

  it('keeps a reason typed as the dialog opens, and empties it once the dialog is closed', async () => {
    signInAsAdmin();
    const account = wanjiru();
    mockApi({
      [`GET /v1/admin/accounts/${account.id}`]: () => ({ body: account }),
      'GET /v1/admin/actions': () => ({ body: { items: [] } }),
    });
    renderPage(<AccountsPage />, { url: `/admin/accounts?id=${account.id}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    let dialog = screen.getByRole('dialog', { name: 'Suspend Wanjiru Njeri?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake listings');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Fake listings');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    dialog = screen.getByRole('dialog', { name: 'Suspend Wanjiru Njeri?' });
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('');
  });

  it('lists sellers waiting for verification and verifies one', async () => {
    signInAsAdmin();
    let waiting = true;
    const seller = {
      id: '7d1f4c2e-0000-4000-8000-0000000000aa',
      name: 'Mavuno Agrovet',
      kind: 'agrovet',
      county: 'Nakuru',
      email: 'mavuno@example.co.ke',
      verified: false,
      createdAt: '2026-11-20T08:00:00Z',
    };
    const api = mockApi({
      'GET /v1/admin/sellers': () => ({ body: { items: waiting ? [seller] : [] } }),
      [`PUT /v1/admin/sellers/${seller.id}/verified`]: () => {
        waiting = false;
        return {
          body: {
            id: seller.id,
            businessName: seller.name,
            kind: 'agrovet',
            county: 'Nakuru',
            phone: '+254711000111',
            whatsapp: null,
            pickupLocation: '',
            description: '',
            verified: true,
            rating: 0,
            reviews: 0,
            memberSince: '2020',
          },
        };
      },
    });
    renderPage(<AccountsPage />, { url: '/admin/accounts?queue=verification' });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Mavuno Agrovet' }));
    expect(await screen.findByText('No seller is waiting for verification')).toBeInTheDocument();
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'PUT', body: { verified: true } })]);
  });
});
