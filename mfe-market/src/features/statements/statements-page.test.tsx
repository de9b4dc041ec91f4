import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerStatement } from '@shambasoko/contracts';
import { todayInNairobi } from '@shambasoko/contracts/time';
import StatementsPage, { recentMonths } from './statements-page';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';

jest.setTimeout(30_000);

const statementOf = (month: string, over: Partial<SellerStatement> = {}): SellerStatement => ({
  month,
  shopName: 'Achieng Farm',
  opening: 500,
  sales: 3000,
  commission: 150,
  delivery: 350,
  refunds: 0,
  payouts: 300,
  adjustments: 0,
  closing: 3400,
  lines: [
    { at: `${month}-03T06:15:00.000Z`, orderNumber: 'SS-000042', kind: 'sale', amount: 3000 },
    { at: `${month}-03T06:15:00.000Z`, orderNumber: 'SS-000042', kind: 'commission', amount: -150 },
    { at: `${month}-03T06:15:00.000Z`, orderNumber: 'SS-000042', kind: 'delivery', amount: 350 },
    { at: `${month}-09T06:15:00.000Z`, orderNumber: null, kind: 'payout', amount: -300 },
  ],
  ...over,
});

describe('recentMonths', () => {
  it('counts back across a new year', () => {
    expect(recentMonths('2026-02-14', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });
});

describe('the statements page', () => {
  beforeEach(() => signInAs());

  it("shows this month's figures and lines, then another month's when picked", async () => {
    const [thisMonth, lastMonth] = recentMonths(todayInNairobi(), 2) as [string, string];
    const { calls } = mockApi({
      [`GET /v1/seller/statements/${thisMonth}`]: () => ({ body: statementOf(thisMonth) }),
      [`GET /v1/seller/statements/${lastMonth}`]: () => ({
        body: statementOf(lastMonth, {
          opening: 0,
          sales: 0,
          commission: 0,
          delivery: 0,
          payouts: 0,
          closing: 500,
          adjustments: 500,
          lines: [],
        }),
      }),
    });
    renderPage(<StatementsPage />, { url: '/seller/statements', path: '/seller/statements' });
    const figures = within(await screen.findByTestId('statement-figures'));
    expect(figures.getByText('Opening balance').nextSibling).toHaveTextContent('Ksh 500');
    expect(figures.getByText('Commission').nextSibling).toHaveTextContent('-Ksh 150');
    expect(figures.getByText('Payouts').nextSibling).toHaveTextContent('-Ksh 300');
    expect(figures.getByText('Closing balance').nextSibling).toHaveTextContent('Ksh 3,400');
    expect(within(screen.getByTestId('statement-lines')).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Month'), lastMonth);
    await waitFor(() => expect(screen.getByText('No transactions this month.')).toBeInTheDocument());
    expect(within(screen.getByTestId('statement-figures')).getByText('Adjustments').nextSibling).toHaveTextContent('Ksh 500');
    expect(calls.map((c) => c.path)).toContain(`/v1/seller/statements/${lastMonth}`);
  });
});
