import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceSeries, PriceSummary } from '@shambasoko/contracts';
import { mockApi, renderPage } from '@shambasoko/shared/testing';
import PricesPage from './prices-page';

jest.setTimeout(30_000);

const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

const seriesOf = (kind: string, county: string | null): PriceSeries => ({
  kind: kind as 'maize',
  county,
  baseUnit: 'kg',
  months: months.map((month, i) => ({ month, sold: i >= 10 ? { median: 40 + i, low: 36 + i, high: 44 + i, count: 5 + i } : null })),
});

const summaryOf = (kind: string, county: string | null): PriceSummary => ({
  kind: kind as 'maize',
  county,
  baseUnit: 'kg',
  days: 30,
  sold: county === 'Nakuru' ? { median: 42, low: 38, high: 45, count: 14 } : null,
  asking: { median: 40, low: 35, high: 46, count: 9 },
});

describe('Market prices', () => {
  it('shows maize across Kenya first, then a county’s figures and a chart of its months', async () => {
    const api = mockApi({
      'GET /v1/market/prices': (c) => ({ body: summaryOf(c.search.get('kind')!, c.search.get('county')) }),
      'GET /v1/market/prices/series': (c) => ({ body: seriesOf(c.search.get('kind')!, c.search.get('county')) }),
    });
    const user = userEvent.setup();
    renderPage(<PricesPage />, { url: '/market/prices' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Market prices' })).toBeInTheDocument();
    const summary = await screen.findByTestId('price-summary');
    expect(summary).toHaveTextContent('Fewer than 5 sales: no figure yet.');
    expect(summary).toHaveTextContent(/Ksh\s40 a kg \(middle half Ksh\s35–46\) · 9 listings/);

    await user.selectOptions(screen.getByLabelText('County'), 'Nakuru');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/market/prices?county=Nakuru'));
    await waitFor(() =>
      expect(screen.getByTestId('price-summary')).toHaveTextContent(/Ksh\s42 a kg \(middle half Ksh\s38–45\) · 14 sales/),
    );
    expect(api.calls.some((c) => c.path === '/v1/market/prices/series' && c.search.get('county') === 'Nakuru')).toBe(true);

    const chart = screen.getByRole('img', { name: 'Chart of Maize prices in Nakuru over 12 months' });
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    // Newest first, only months with a figure.
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^2026-11Ksh\s51Ksh\s47–5516$/),
      expect.stringMatching(/^2026-10Ksh\s50Ksh\s46–5415$/),
    ]);
  });

  it('switches the kind, and says when no month had enough sales', async () => {
    mockApi({
      'GET /v1/market/prices': (c) => ({ body: summaryOf(c.search.get('kind')!, null) }),
      'GET /v1/market/prices/series': (c) => ({
        body: { ...seriesOf(c.search.get('kind')!, null), months: months.map((month) => ({ month, sold: null })) },
      }),
    });
    const user = userEvent.setup();
    renderPage(<PricesPage />, { url: '/market/prices?kind=beans' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Beans in All of Kenya, last 30 days' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Crop or product'), 'milk');
    expect(await screen.findByRole('heading', { level: 2, name: 'Milk in All of Kenya by month' })).toBeInTheDocument();
    expect(await screen.findByText('No month had 5 sales yet.')).toBeInTheDocument();
    expect(screen.getByText(/prices a litre/)).toBeInTheDocument();
  });
});
