import { act, screen, within } from '@testing-library/react';
import type { AppRole } from '@shambasoko/contracts';
import { useSession } from '@shambasoko/shared';
import { reportRange, type PlatformReport, type SpendingReport } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import PlatformReportPage from './platform-report-page';
import SpendingReportPage from './spending-report-page';

const holding = (roles: AppRole[]) => act(() => useSession.setState((s) => ({ user: s.user ? { ...s.user, roles } : null })));
const range = reportRange('last-12-months');
const month = range.to.slice(0, 7);

beforeEach(() => signInAs());

describe('Spending Reports', () => {
  const spending: SpendingReport = {
    range,
    totals: { orders: 2, spent: 4_150 },
    byCategory: [{ category: 'supplies', spent: 3_800 }],
    bySeller: [{ sellerId: 's1', name: 'Kilimo Agrovet', orders: 2, spent: 4_150 }],
    byMonth: [{ month, orders: 2, spent: 4_150 }],
  };

  it("shows a buyer's spending by category (in words) and seller", async () => {
    holding(['Buyer']);
    mockApi({ 'GET /v1/reports/spending': () => ({ body: spending }) });
    renderPage(<SpendingReportPage />, { url: '/reports/spending' });
    const byCategory = within(await screen.findByRole('region', { name: 'Spending by category' }));
    expect(byCategory.getByRole('row', { name: /Supplies Ksh\s3,800/ })).toBeInTheDocument();
    const bySeller = within(screen.getByRole('region', { name: 'Spending by seller' }));
    expect(bySeller.getByRole('row', { name: /Kilimo Agrovet 2 Ksh\s4,150/ })).toBeInTheDocument();
  });

  it('is open to a Retailer, and closed to a Farmer-only account', async () => {
    holding(['Retailer']);
    mockApi({ 'GET /v1/reports/spending': () => ({ body: spending }) });
    const first = renderPage(<SpendingReportPage />, { url: '/reports/spending' });
    expect(await screen.findByRole('region', { name: 'Spending by seller' })).toBeInTheDocument();
    first.unmount();
    holding(['Farmer']);
    renderPage(<SpendingReportPage />, { url: '/reports/spending' });
    expect(screen.getByText('This report is not for your role')).toBeInTheDocument();
  });
});

describe('Platform Reports', () => {
  const platform: PlatformReport = {
    range,
    totals: { orders: 40, revenue: 512_000, signUps: 17, newSellers: 3, verifiedSellers: 2, waitingSellers: 4 },
    byMonth: [{ month, orders: 40, revenue: 512_000, signUps: 17 }],
    payments: [
      { method: 'mpesa', attempts: 30, succeeded: 27, successRate: 93, amount: 400_000 },
      { method: 'card', attempts: 5, succeeded: 2, successRate: 50, amount: 12_000 },
    ],
    byCounty: [{ county: 'Nakuru', orders: 12, revenue: 150_000 }],
  };

  it('shows the Admin payments by method with their success rate, counties and sellers', async () => {
    holding(['Admin']);
    mockApi({ 'GET /v1/reports/platform': () => ({ body: platform }) });
    renderPage(<PlatformReportPage />, { url: '/reports/platform' });
    const payments = within(await screen.findByRole('region', { name: 'Payments by method' }));
    expect(payments.getByRole('row', { name: /M-Pesa 30 27 93% Ksh\s400,000/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Orders by county' })).getByRole('row', { name: /Nakuru 12/ })).toBeInTheDocument();
    expect(screen.getAllByText('Waiting for verification')[0]!.nextSibling).toHaveTextContent('4');
  });

  it('is closed to everyone but an Admin', () => {
    holding(['Farmer', 'Buyer', 'Supplier', 'Retailer']);
    const api = mockApi({});
    renderPage(<PlatformReportPage />, { url: '/reports/platform' });
    expect(screen.getByText('Platform Reports are for administrators only.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
