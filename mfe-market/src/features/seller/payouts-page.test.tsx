import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import type { Payout, PayoutList, SellerBalance } from '@shambasoko/contracts';
import PayoutsPage from './payouts-page';

beforeEach(() => signInAs());

const settings = { automatic: false, phone: null, payoutPhone: '+254711000111', minKes: 100, dailyLimitKes: 150_000 };
const paid: Payout = {
  id: 'p1',
  amount: 1200,
  phone: '+254 7•• ••• 111',
  status: 'paid',
  receipt: 'SLK4H2M9QX',
  automatic: false,
  createdAt: '2026-11-30T07:00:00.000Z',
  settledAt: '2026-11-30T07:00:05.000Z',
};

it('shows the balance, sends a payout of everything available after confirming the phone and amount, and lists the history', async () => {
  let balance: SellerBalance = { pending: 3400, available: 2850, payingOut: 0, paidOut: 1200 };
  let list: PayoutList = { items: [paid], settings };
  const api = mockApi({
    'GET /v1/seller/balance': () => ({ body: balance }),
    'GET /v1/seller/payouts': () => ({ body: list }),
    'POST /v1/seller/payouts': () => {
      const sent: Payout = { ...paid, id: 'p2', amount: 2850, status: 'sent', receipt: null, settledAt: null };
      balance = { ...balance, available: 0, payingOut: 2850 };
      list = { items: [sent, paid], settings };
      return { status: 201, body: sent };
    },
  });
  const user = userEvent.setup();
  renderPage(<PayoutsPage />, { url: '/seller/payouts' });

  const cards = within(await screen.findByTestId('balance'));
  expect(cards.getByText('Ksh 3,400')).toBeInTheDocument();
  expect(cards.getByText('Ksh 2,850')).toBeInTheDocument();
  expect(screen.getByText('Payouts go to your M-Pesa 0711 000 111.')).toBeInTheDocument();
  const history = within(screen.getByRole('list', { name: 'Payout history' }));
  expect(history.getByText('M-Pesa receipt SLK4H2M9QX')).toBeInTheDocument();
  expect(history.getByText('Paid')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Request payout' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Send a payout' }));
  expect(dialog.getByText('Send Ksh 2,850 to M-Pesa 0711 000 111?')).toBeInTheDocument();
  await user.click(dialog.getByRole('button', { name: 'Send to M-Pesa' }));

  await waitFor(() => expect(api.writes()).toHaveLength(1));
  const [write] = api.writes();
  expect(write).toMatchObject({ method: 'POST', path: '/v1/seller/payouts', body: { amount: 2850 } });
  expect(await screen.findByRole('status')).toHaveTextContent('Ksh 2,850 is on its way to your M-Pesa.');
  expect(await screen.findByText('Sent')).toBeInTheDocument();
});

it('turns on automatic daily payouts with a payout phone', async () => {
  const api = mockApi({
    'GET /v1/seller/balance': () => ({ body: { pending: 0, available: 50, payingOut: 0, paidOut: 0 } }),
    'GET /v1/seller/payouts': () => ({ body: { items: [], settings } }),
    'PUT /v1/seller/payout-settings': () => ({
      body: { ...settings, automatic: true, phone: '+254722333444', payoutPhone: '+254722333444' },
    }),
  });
  const user = userEvent.setup();
  renderPage(<PayoutsPage />, { url: '/seller/payouts' });
  expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
  // Below the smallest payout: nothing to request.
  expect(screen.getByRole('button', { name: 'Request payout' })).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: /Automatic daily payouts/ }));
  await user.type(screen.getByLabelText(/^Payout M-Pesa number/), '0722 333 444');
  await user.click(screen.getByRole('button', { name: 'Save settings' }));
  await waitFor(() => expect(api.writes()[0]?.body).toEqual({ automatic: true, phone: '+254722333444' }));
  expect(await screen.findByText('Payout settings saved.')).toBeInTheDocument();
});
