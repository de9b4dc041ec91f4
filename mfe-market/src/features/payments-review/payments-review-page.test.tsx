import { screen, within } from '@testing-library/react';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import { flaggedPaymentOf } from '../../testing/fixtures';
import PaymentsReviewPage from './payments-review-page';

describe('PaymentsReviewPage', () => {
  beforeEach(() => signInAs({ name: 'Admin Amina', email: 'admin@example.co.ke', uid: 'admin' }));

  it('lists flagged payments with the expected and reported amounts, the receipt and the ledger', async () => {
    const { calls } = mockApi({ 'GET /v1/admin/payments': () => ({ body: [flaggedPaymentOf()] }) });
    renderPage(<PaymentsReviewPage />, { url: '/payments/review' });
    expect(await screen.findByRole('heading', { name: 'Order SS-000001 · M-Pesa' })).toBeInTheDocument();
    const flagged = within(screen.getByRole('article', { name: 'Payment of order SS-000001' }));
    expect(flagged.getByText('Callback reported Ksh 10 for an order of Ksh 1,650')).toBeInTheDocument();
    expect(flagged.getByText('Expected').nextSibling).toHaveTextContent(/Ksh\s1,650/);
    expect(flagged.getByText('Reported').nextSibling).toHaveTextContent(/Ksh\s10$/);
    expect(flagged.getByText('SKL3ABC12X')).toBeInTheDocument();
    const ledger = within(flagged.getByRole('region', { name: 'Ledger of order SS-000001' })).getAllByRole('listitem');
    expect(ledger.map((li) => li.textContent)).toEqual([
      expect.stringContaining('STK push sent to +254 7•• ••• 678 for Ksh\u00a01,650'),
      expect.stringContaining('Callback: ResultCode 0, receipt SKL3ABC12X, Ksh\u00a010'),
    ]);
    expect(calls[0]?.search.get('status')).toBe('flagged');
  });

  it('says when nothing is flagged, and shows the refusal of a non-Admin', async () => {
    mockApi({ 'GET /v1/admin/payments': () => ({ body: [] }) });
    const first = renderPage(<PaymentsReviewPage />, { url: '/payments/review' });
    expect(await screen.findByText('No flagged payments')).toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /v1/admin/payments': () => ({ status: 403, message: 'Only Admins can review payments.' }) });
    renderPage(<PaymentsReviewPage />, { url: '/payments/review' });
    expect(await screen.findByText('Only Admins can review payments.')).toBeInTheDocument();
  });
});
