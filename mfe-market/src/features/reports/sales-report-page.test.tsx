import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppRole } from '@shambasoko/contracts';
import { useSession } from '@shambasoko/shared';
import { reportRange, type SalesReport } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import SalesReportPage from './sales-report-page';

const holding = (roles: AppRole[]) => act(() => useSession.setState((s) => ({ user: s.user ? { ...s.user, roles } : null })));

const range = reportRange('last-12-months');
const report = (over: Partial<SalesReport> = {}): SalesReport => ({
  range,
  totals: { orders: 3, units: 7, revenue: 12_350 },
  byProduct: [
    { productId: 'p1', name: 'Achieng maize', units: 5, revenue: 9_000 },
    { productId: 'p2', name: 'Sukuma wiki', units: 2, revenue: 2_000 },
  ],
  byCounty: [{ county: 'Kiambu', orders: 3, revenue: 12_350 }],
  byMonth: [{ month: range.to.slice(0, 7), orders: 3, revenue: 12_350 }],
  ...over,
});

beforeEach(() => signInAs());

it("shows a seller's figures, a chart with a text alternative and a table under each chart", async () => {
  holding(['Farmer']);
  const api = mockApi({ 'GET /v1/reports/sales': () => ({ body: report() }) });
  renderPage(<SalesReportPage />, { url: '/reports/sales' });
  expect(screen.getByRole('heading', { level: 1, name: 'Sales Reports' })).toBeInTheDocument();
  // The first "Revenue" is the summary figure; the tables' phone cards name their cells too.
  expect((await screen.findAllByText('Revenue', { selector: 'dt' }))[0]!.nextSibling).toHaveTextContent(/Ksh\s12,350/);
  const byProduct = within(screen.getByRole('region', { name: 'Sales by product' }));
  expect(
    byProduct.getByRole('img', { name: 'Bar chart of Sales by product. The table below holds the same figures.' }),
  ).toBeInTheDocument();
  const table = within(byProduct.getByRole('table', { name: 'Sales by product' }));
  expect(table.getByRole('row', { name: /Achieng maize 5 Ksh\s9,000/ })).toBeInTheDocument();
  const byMonth = within(screen.getByRole('region', { name: 'Sales by month' }));
  expect(byMonth.getByRole('img', { name: /^Line chart of Sales by month/ })).toBeInTheDocument();
  expect(api.calls[0]?.search.get('from')).toBe(range.from);
  expect(api.calls[0]?.search.get('to')).toBe(range.to);
  expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
});

it('asks for other dates by preset, and checks custom dates with the contract before asking', async () => {
  holding(['Supplier']);
  const api = mockApi({ 'GET /v1/reports/sales': () => ({ body: report() }) });
  const user = userEvent.setup();
  renderPage(<SalesReportPage />, { url: '/reports/sales' });
  await screen.findByRole('table', { name: 'Sales by product' });
  await user.click(screen.getByRole('button', { name: 'Last 3 months' }));
  await waitFor(() => expect(api.calls.at(-1)?.search.get('from')).toBe(reportRange('last-3-months').from));
  expect(screen.getByRole('button', { name: 'Last 3 months' })).toHaveAttribute('aria-pressed', 'true');

  await user.click(screen.getByRole('button', { name: 'Custom' }));
  const from = await screen.findByLabelText(/^From/);
  const to = screen.getByLabelText(/^To/);
  await user.clear(from);
  await user.type(from, '2026-03-01');
  await user.clear(to);
  await user.type(to, '2026-02-01');
  const asked = api.calls.length;
  await user.click(screen.getByRole('button', { name: 'Show' }));
  expect(await screen.findByText('From must not be after the end date')).toBeInTheDocument();
  expect(api.calls).toHaveLength(asked);
  await user.clear(from);
  await user.type(from, '2026-01-01');
  await user.click(screen.getByRole('button', { name: 'Show' }));
  await waitFor(() => expect(api.calls.at(-1)?.search.get('from')).toBe('2026-01-01'));
  expect(api.calls.at(-1)?.search.get('to')).toBe('2026-02-01');
  expect(screen.getByTestId('where')).toHaveTextContent('/reports/sales?range=custom&from=2026-01-01&to=2026-02-01');
});

it('tells a Buyer the report is not for their role, and asks the API for nothing', async () => {
  holding(['Buyer']);
  const api = mockApi({ 'GET /v1/reports/sales': () => ({ body: report() }) });
  renderPage(<SalesReportPage />, { url: '/reports/sales' });
  expect(screen.getByText('This report is not for your role')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Ksh/)).not.toBeInTheDocument();
  expect(api.calls).toHaveLength(0);
});

it("says so when the API refuses the account's roles", async () => {
  mockApi({
    'GET /v1/reports/sales': () => ({
      status: 403,
      message: 'This needs the Farmer, Supplier or Retailer role. Add one in Profile Settings.',
    }),
  });
  renderPage(<SalesReportPage />, { url: '/reports/sales' });
  expect(await screen.findByText('This report is not for your role')).toBeInTheDocument();
});

it('shows an empty table, and no chart, when nothing was sold', async () => {
  holding(['Farmer']);
  mockApi({
    'GET /v1/reports/sales': () => ({
      body: report({
        totals: { orders: 0, units: 0, revenue: 0 },
        byProduct: [],
        byCounty: [],
        byMonth: [{ month: range.to.slice(0, 7), orders: 0, revenue: 0 }],
      }),
    }),
  });
  renderPage(<SalesReportPage />, { url: '/reports/sales' });
  const byProduct = within(await screen.findByRole('region', { name: 'Sales by product' }));
  expect(byProduct.getByText('No paid sales in these dates.')).toBeInTheDocument();
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
});
