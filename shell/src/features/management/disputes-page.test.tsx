import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import type { Dispute } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import DisputesPage from './disputes-page';

jest.setTimeout(30_000);

function signInAsAdmin() {
  signInAs();
  const user = useSession.getState().user;
  useSession.setState({ user: { ...user!, roles: ['Admin'] } as typeof user });
}

const disputeOf = (over: Partial<Dispute> = {}): Dispute => ({
  id: '7d1f4c2e-0000-4000-8000-0000000000d1',
  orderId: '7d1f4c2e-0000-4000-8000-0000000000e1',
  orderNumber: 'SS-000042',
  fulfilmentId: '7d1f4c2e-0000-4000-8000-0000000000f1',
  sellerName: 'Kipchoge Farm',
  buyerName: 'Wanjiku Mwangi',
  status: 'open',
  reason: 'damaged',
  note: 'Two bags were torn',
  photos: [],
  sellerNote: 'Sent whole with G4S',
  sellerPhotos: [],
  sellerAnsweredAt: '2026-11-23T09:00:00Z',
  partAmount: 2350,
  refundAmount: null,
  decisionReason: null,
  decidedAt: null,
  createdAt: '2026-11-22T09:00:00Z',
  ...over,
});

describe('Disputes', () => {
  it('lists open disputes with both sides and refunds part of one with a reason', async () => {
    signInAsAdmin();
    let dispute = disputeOf();
    const api = mockApi({
      'GET /v1/admin/disputes': (call) => ({
        body: { items: call.search.get('status') === 'open' && dispute.status === 'open' ? [dispute] : [] },
      }),
      [`POST /v1/admin/disputes/${dispute.id}/decide`]: (call) => {
        const body = call.body as { amount: number; reason: string };
        dispute = disputeOf({
          status: 'refunded',
          refundAmount: body.amount,
          decisionReason: body.reason,
          decidedAt: '2026-11-24T09:00:00Z',
        });
        return { body: dispute, message: 'Dispute decided' };
      },
    });
    renderPage(<DisputesPage />, { url: '/admin/disputes' });
    const card = await screen.findByRole('article', { name: 'Dispute on order SS-000042' });
    expect(card).toHaveTextContent('Wanjiku Mwangi against Kipchoge Farm');
    expect(card).toHaveTextContent('Ksh 2,350');
    expect(card).toHaveTextContent('Damaged');
    expect(card).toHaveTextContent('Kipchoge Farm answered');
    expect(card).toHaveTextContent('Sent whole with G4S');

    await userEvent.click(within(card).getByRole('button', { name: 'Decide' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Decide the dispute on order SS-000042' }));
    const amount = dialog.getByRole('spinbutton', { name: /Refund amount/ });
    expect(amount).toHaveValue(2350);
    await userEvent.clear(amount);
    await userEvent.type(amount, '700');
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Two of five bags torn');
    await userEvent.click(dialog.getByRole('button', { name: 'Decide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([expect.objectContaining({ body: { outcome: 'refund', amount: 700, reason: 'Two of five bags torn' } })]);
    expect(await screen.findByText('No open disputes')).toBeInTheDocument();
  });

  it("starts each decision at its own part's amount with an empty reason, whatever was typed in the last", async () => {
    signInAsAdmin();
    const first = disputeOf();
    const second = disputeOf({ id: '7d1f4c2e-0000-4000-8000-0000000000d2', orderNumber: 'SS-000043', partAmount: 900 });
    mockApi({ 'GET /v1/admin/disputes': () => ({ body: { items: [first, second] } }) });
    renderPage(<DisputesPage />, { url: '/admin/disputes' });
    const open = async (number: string) => {
      const card = await screen.findByRole('article', { name: `Dispute on order ${number}` });
      await userEvent.click(within(card).getByRole('button', { name: 'Decide' }));
      return within(screen.getByRole('dialog', { name: `Decide the dispute on order ${number}` }));
    };
    let dialog = await open('SS-000042');
    expect(dialog.getByRole('spinbutton', { name: /Refund amount/ })).toHaveValue(2350);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Two of five bags torn');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await open('SS-000043');
    expect(dialog.getByRole('spinbutton', { name: /Refund amount/ })).toHaveValue(900);
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveValue('');
  });

  it('releases to the seller without an amount, and shows the API’s refusal in the dialog', async () => {
    signInAsAdmin();
    const dispute = disputeOf();
    const api = mockApi({
      'GET /v1/admin/disputes': () => ({ body: { items: [dispute] } }),
      [`POST /v1/admin/disputes/${dispute.id}/decide`]: () => ({ status: 409, message: 'This dispute has already been decided' }),
    });
    renderPage(<DisputesPage />, { url: '/admin/disputes' });
    const card = await screen.findByRole('article', { name: 'Dispute on order SS-000042' });
    await userEvent.click(within(card).getByRole('button', { name: 'Decide' }));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Decision' }), 'release');
    expect(dialog.queryByRole('spinbutton')).toBeNull();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Photos show it whole');
    await userEvent.click(dialog.getByRole('button', { name: 'Decide' }));
    expect(await dialog.findByText('This dispute has already been decided')).toBeInTheDocument();
    expect(api.writes()).toEqual([expect.objectContaining({ body: { outcome: 'release', reason: 'Photos show it whole' } })]);
  });
});
