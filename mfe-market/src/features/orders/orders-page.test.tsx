import { screen, within } from '@testing-library/react';
import { orderOf } from '../../testing/fixtures';
import OrderPage from './order-page';
import OrdersPage from './orders-page';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';

const REASON = 'Not paid within 72 hours; the items were returned to stock.';

const expired = orderOf({
  id: 'o1',
  number: 'SS-000001',
  status: 'expired',
  paymentDueAt: null,
  expiredAt: '2026-11-23T08:00:00.000Z',
  statusReason: REASON,
});
const waiting = orderOf({ id: 'o2', number: 'SS-000002', status: 'pending_payment', paymentDueAt: '2026-11-26T09:30:00.000Z' });

describe('an expired order', () => {
  beforeEach(() => signInAs());

  it('shows Expired and why on the orders list, next to an order still waiting for payment', async () => {
    mockApi({ 'GET /v1/orders': () => ({ body: [waiting, expired] }) });
    renderPage(<OrdersPage />, { url: '/orders' });
    // The table (wide screens); small screens get the same cells as a list.
    const table = within(await screen.findByRole('table'));
    const expiredRow = table.getByRole('link', { name: 'SS-000001' }).closest('tr')!;
    expect(within(expiredRow).getByText('Expired')).toBeInTheDocument();
    expect(within(expiredRow).getByText(REASON)).toBeInTheDocument();
    const waitingRow = table.getByRole('link', { name: 'SS-000002' }).closest('tr')!;
    expect(within(waitingRow).getByText('Pending payment')).toBeInTheDocument();
    expect(within(waitingRow).queryByText(/returned to stock/)).toBeNull();
  });

  it('shows Expired and the reason from the API on the order page', async () => {
    mockApi({ 'GET /v1/orders/o1': () => ({ body: expired }) });
    renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    expect(await screen.findByRole('heading', { name: 'Order SS-000001' })).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.getByTestId('order-status-note')).toHaveTextContent(REASON);
  });

  it('tells the buyer of an unpaid order until when it holds its items', async () => {
    mockApi({ 'GET /v1/orders/o2': () => ({ body: waiting }) });
    renderPage(<OrderPage />, { url: '/orders/o2', path: '/orders/:orderId' });
    // 09:30 UTC is 12:30 in Nairobi.
    expect(await screen.findByTestId('order-status-note')).toHaveTextContent(
      /Awaiting payment until 26 Nov.*12:30.*expires and its items go back to stock/,
    );
  });
});
