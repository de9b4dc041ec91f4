import { act, screen, within } from '@testing-library/react';
import { setLocale } from '@shambasoko/shared';
import { mpesaPaid, mpesaPending, orderOf, paymentOf } from '../../testing/fixtures';
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

describe('payment status and receipt', () => {
  beforeEach(() => signInAs());

  const paidMpesa = orderOf({
    id: 'o3',
    number: 'SS-000003',
    status: 'paid',
    paymentDueAt: null,
    payment: mpesaPaid(),
  });
  const declined = orderOf({ id: 'o4', number: 'SS-000004', payment: mpesaPending({ status: 'declined', canRetry: true }) });
  const bankPaid = orderOf({
    id: 'o5',
    number: 'SS-000005',
    status: 'paid',
    paymentDueAt: null,
    payment: paymentOf({ status: 'paid', confirmedBy: 'Seller', paidAt: '2026-11-24T11:30:12.000Z' }),
  });

  it('the list shows each payment status with its M-Pesa receipt or bank reference', async () => {
    mockApi({ 'GET /v1/orders': () => ({ body: [paidMpesa, declined, bankPaid, waiting] }) });
    renderPage(<OrdersPage />, { url: '/orders' });
    const table = within(await screen.findByRole('table'));
    const row = (number: string) => within(table.getByRole('link', { name: number }).closest('tr')!);
    expect(row('SS-000003').getAllByText('Paid')).toHaveLength(2); // the order's status and its payment's
    expect(row('SS-000003').getByText('M-Pesa · +254 7•• ••• 678 · receipt SKL3ABC12X')).toBeInTheDocument();
    expect(row('SS-000004').getByText('Declined')).toBeInTheDocument();
    expect(row('SS-000005').getByText('Bank transfer · reference SS-000001 · confirmed by Seller')).toBeInTheDocument();
    expect(row('SS-000002').getByText('Not paid yet')).toBeInTheDocument();
  });

  it('the order page shows the receipt and when it was paid, and links an unpaid order to paying', async () => {
    mockApi({ 'GET /v1/orders/o3': () => ({ body: paidMpesa }), 'GET /v1/orders/o4': () => ({ body: declined }) });
    renderPage(<OrderPage />, { url: '/orders/o3', path: '/orders/:orderId' });
    const payment = await screen.findByTestId('order-payment');
    expect(payment).toHaveTextContent('receipt SKL3ABC12X');
    expect(payment).toHaveTextContent('Paid 24 Nov, 14:30');
    expect(within(payment).queryByRole('link')).toBeNull();

    renderPage(<OrderPage />, { url: '/orders/o4', path: '/orders/:orderId' });
    expect(await screen.findByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/orders/o4/confirmation');
  });
});

describe('in Kiswahili', () => {
  beforeEach(() => signInAs());
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('the orders list speaks Kiswahili: headings, statuses, payment words and the item count', async () => {
    await act(() => setLocale('sw'));
    mockApi({ 'GET /v1/orders': () => ({ body: [waiting, expired] }) });
    renderPage(<OrdersPage />, { url: '/orders' });
    expect(await screen.findByRole('heading', { name: 'Maagizo Yangu' })).toBeInTheDocument();
    const table = within(await screen.findByRole('table'));
    expect(table.getByRole('columnheader', { name: 'Malipo' })).toBeInTheDocument();
    const waitingRow = within(table.getByRole('link', { name: 'SS-000002' }).closest('tr')!);
    expect(waitingRow.getByText('Inasubiri malipo')).toBeInTheDocument();
    expect(waitingRow.getByText('Bado haijalipwa')).toBeInTheDocument();
    expect(waitingRow.getByText(/^bidhaa \d+$/)).toBeInTheDocument();
    const expiredRow = within(table.getByRole('link', { name: 'SS-000001' }).closest('tr')!);
    expect(expiredRow.getByText('Muda umeisha')).toBeInTheDocument();
    expect(screen.queryByText('My Orders')).toBeNull();
  });
});
