import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dispute } from '@shambasoko/contracts';
import { listPage, mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import { disputeOf, saleOf } from '../../testing/fixtures';
import SalesPage from './sales-page';

jest.setTimeout(30_000);
beforeEach(() => signInAs());

const delivered = saleOf({ status: 'delivered', actions: [], nextStep: null, buyerCanCancel: false });

/** The page asked for no sale's dispute on its own: the sales list carries them. */
const disputeReads = (calls: readonly { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.endsWith('/dispute'));

it('shows the buyer’s report on a delivered sale and sends the seller’s answer', async () => {
  let dispute: Dispute = disputeOf();
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/v1/seller/sales') return { body: listPage([{ ...delivered, dispute }]) };
    if (call.method === 'POST' && call.path === '/v1/seller/sales/f1/dispute/answer') {
      dispute = disputeOf({ sellerNote: 'Sent whole with G4S', sellerAnsweredAt: '2026-11-23T09:00:00.000Z' });
      return { body: dispute, message: 'Answer sent' };
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderPage(<SalesPage />, { url: '/seller/sales' });
  const panel = within(await screen.findByTestId('sale-dispute'));
  expect(panel.getByText('The buyer reported a problem')).toBeInTheDocument();
  expect(panel.getByText('Damaged')).toBeInTheDocument();
  expect(panel.getByText('Two bags were torn')).toBeInTheDocument();
  expect(panel.getByText(/held until an Admin decides/)).toBeInTheDocument();

  await user.click(panel.getByRole('button', { name: 'Send answer' }));
  expect(await panel.findByText(/Answer.*required/)).toBeInTheDocument();
  await user.type(panel.getByLabelText(/^Answer/), 'Sent whole with G4S');
  await user.click(panel.getByRole('button', { name: 'Send answer' }));
  await waitFor(() =>
    expect(api.writes()[0]).toMatchObject({ path: '/v1/seller/sales/f1/dispute/answer', body: { note: 'Sent whole with G4S' } }),
  );
  // The answer refreshes the list, which brings the dispute with the seller's answer.
  expect(await screen.findByText('Your answer')).toBeInTheDocument();
  expect(disputeReads(api.calls)).toEqual([]);
});

it('reads every delivered sale’s dispute from the one list answer, with no request per sale', async () => {
  const sales = Array.from({ length: 20 }, (_, i) =>
    saleOf({
      ...delivered,
      id: `f${i}`,
      orderNumber: `SS-0001${String(i).padStart(2, '0')}`,
      dispute: i % 2 === 0 ? disputeOf({ fulfilmentId: `f${i}` }) : null,
    }),
  );
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/v1/seller/sales') return { body: listPage(sales) };
    return undefined;
  });
  renderPage(<SalesPage />, { url: '/seller/sales' });
  await screen.findByRole('listitem', { name: 'Order SS-000100' });
  expect(await screen.findAllByTestId('sale-dispute')).toHaveLength(10);
  expect(disputeReads(api.calls)).toEqual([]);
  expect(api.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/v1/seller/sales'))).toHaveLength(1);
});

it('shows nothing more on a delivered sale without a dispute', async () => {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/v1/seller/sales') return { body: listPage([delivered]) };
    return undefined;
  });
  renderPage(<SalesPage />, { url: '/seller/sales' });
  await screen.findByRole('listitem', { name: 'Order SS-000042' });
  expect(screen.queryByTestId('sale-dispute')).toBeNull();
  expect(disputeReads(api.calls)).toEqual([]);
});
