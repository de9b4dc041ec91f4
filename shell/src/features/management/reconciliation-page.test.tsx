import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import type { ManualRefund, Reconciliation } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import ReconciliationPage, { presetDates } from './reconciliation-page';

function signInAsAdmin() {
  signInAs();
  const user = useSession.getState().user;
  useSession.setState({ user: { ...user!, roles: ['Admin'] } as typeof user });
}

const figures = (over: Partial<Reconciliation> = {}): Reconciliation => ({
  range: { from: '2026-12-02', to: '2026-12-02' },
  moneyIn: [
    { method: 'mpesa', payments: 0, ledger: 0, difference: 0 },
    { method: 'card', payments: 777, ledger: 0, difference: 777 },
    { method: 'bank', payments: 4350, ledger: 4350, difference: 0 },
  ],
  payoutsOut: 500,
  refundsPaid: 1200,
  refundsDue: 900,
  heldForSellers: { pending: 3000, available: 1400, paying: 0 },
  commissionEarned: 100,
  flaggedPayments: { count: 1, amount: 333 },
  paybillExpected: 12_500,
  ...over,
});

const owed = (over: Partial<ManualRefund> = {}): ManualRefund => ({
  fulfilmentId: '7d1f4c2e-0000-4000-8000-0000000000f1',
  orderId: '7d1f4c2e-0000-4000-8000-0000000000a1',
  orderNumber: 'SS-000042',
  buyerName: 'Wanjiku Mwangi',
  sellerName: 'Achieng Farm',
  method: 'bank',
  amount: 1750,
  since: '2026-12-01T10:00:00Z',
  reference: null,
  note: null,
  settledBy: null,
  ...over,
});

describe('presetDates', () => {
  it('counts Nairobi days back from today', () => {
    expect(presetDates('today', '2026-12-02')).toEqual({ from: '2026-12-02', to: '2026-12-02' });
    expect(presetDates('yesterday', '2026-12-01')).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(presetDates('last-7-days', '2026-12-02')).toEqual({ from: '2026-11-26', to: '2026-12-02' });
    expect(presetDates('this-month', '2026-12-02')).toEqual({ from: '2026-12-01', to: '2026-12-02' });
  });
});

describe('Reconciliation', () => {
  it("shows today's money in per method with its difference, money out, what the books hold, and asks again for other dates", async () => {
    signInAsAdmin();
    const api = mockApi({
      'GET /v1/admin/reconciliation': () => ({ body: figures() }),
      'GET /v1/admin/refunds': () => ({ body: { items: [] } }),
    });
    renderPage(<ReconciliationPage />, { url: '/admin/reconciliation' });
    const card = await screen.findByRole('region', { name: 'Card: money in' });
    expect(card).toHaveTextContent('Paid attemptsKsh 777');
    expect(card).toHaveTextContent('In the booksKsh 0');
    expect(card).toHaveTextContent('DifferenceKsh 777');
    expect(screen.getByRole('region', { name: 'Bank transfer: money in' })).toHaveTextContent('Paid attemptsKsh 4,350');
    const out = screen.getByRole('region', { name: 'Money out' });
    expect(out).toHaveTextContent('Payouts to sellersKsh 500');
    expect(out).toHaveTextContent('Refunds paidKsh 1,200');
    const held = screen.getByRole('region', { name: 'What the books hold' });
    expect(held).toHaveTextContent('Refunds still dueKsh 900');
    expect(held).toHaveTextContent('Flagged payments (1)Ksh 333');
    expect(held).toHaveTextContent('Paybill expected balanceKsh 12,500');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(await screen.findByText('No refund waits to be settled')).toBeInTheDocument();

    const first = api.calls.find((c) => c.path === '/v1/admin/reconciliation')!;
    expect(first.search.get('from')).toBe(first.search.get('to'));
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/v1/admin/reconciliation')).toHaveLength(2));
    const week = api.calls.filter((c) => c.path === '/v1/admin/reconciliation')[1]!;
    expect(week.search.get('from')! < week.search.get('to')!).toBe(true);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('settles a bank refund with its reference, and the list no longer offers it', async () => {
    signInAsAdmin();
    let due = [owed()];
    let settled: ManualRefund[] = [];
    const api = mockApi({
      'GET /v1/admin/reconciliation': () => ({ body: figures() }),
      'GET /v1/admin/refunds': (call) => ({ body: { items: call.search.get('state') === 'settled' ? settled : due } }),
      [`POST /v1/admin/refunds/${owed().fulfilmentId}/settle`]: (call) => {
        due = [];
        const { reference, note } = call.body as { reference: string; note: string };
        settled = [owed({ reference, note, settledBy: 'Amina Admin', since: '2026-12-02T09:00:00Z' })];
        return { body: settled[0], message: 'Refund settled' };
      },
    });
    renderPage(<ReconciliationPage />, { url: '/admin/reconciliation' });
    const item = await screen.findByRole('article', { name: 'Refund for SS-000042 from Achieng Farm' });
    expect(item).toHaveTextContent('Ksh 1,750');
    expect(item).toHaveTextContent('To Wanjiku Mwangi');
    expect(item).toHaveTextContent('Bank transfer · due since');
    await userEvent.click(within(item).getByRole('button', { name: 'Settle' }));
    const dialog = screen.getByRole('dialog', { name: /^Settle Ksh.1,750 for SS-000042\?$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByText(/Reference is required/)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'EQ-88121');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Equity account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([expect.objectContaining({ body: { reference: 'EQ-88121', note: 'Equity account' } })]);
    expect(await screen.findByText('No refund waits to be settled')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Settled' }));
    const done = await screen.findByRole('article', { name: 'Refund for SS-000042 from Achieng Farm' });
    expect(done).toHaveTextContent('Bank transfer · settled on');
    expect(done).toHaveTextContent('by Amina Admin · reference EQ-88121');
    expect(within(done).queryByRole('button', { name: 'Settle' })).toBeNull();
    expect(api.calls.filter((c) => c.path === '/v1/admin/refunds').map((c) => c.search.get('state'))).toContain('settled');
  });

  it('shows the refusal inside the dialog when the refund was already settled', async () => {
    signInAsAdmin();
    mockApi({
      'GET /v1/admin/reconciliation': () => ({ body: figures() }),
      'GET /v1/admin/refunds': () => ({ body: { items: [owed()] } }),
      [`POST /v1/admin/refunds/${owed().fulfilmentId}/settle`]: () => ({ status: 409, message: 'This refund was already settled.' }),
    });
    renderPage(<ReconciliationPage />, { url: '/admin/reconciliation' });
    const item = await screen.findByRole('article', { name: 'Refund for SS-000042 from Achieng Farm' });
    await userEvent.click(within(item).getByRole('button', { name: 'Settle' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'EQ-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByText('This refund was already settled.')).toBeInTheDocument();
  });

  it('tells anyone but an Admin that the page is not for them, without asking the API', () => {
    signInAs();
    const api = mockApi({});
    renderPage(<ReconciliationPage />, { url: '/admin/reconciliation' });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
