import { screen, within } from '@testing-library/react';
import { useSession } from '@shambasoko/shared';
import type { AdminOverview } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import OverviewPage from './overview-page';

function signInWith(roles: string[]) {
  signInAs();
  const user = useSession.getState().user;
  useSession.setState({ user: { ...user!, roles } as typeof user });
}

const OVERVIEW: AdminOverview = {
  ordersToday: { count: 4, value: 12_500, href: '/reports/platform' },
  ordersThisMonth: { count: 88, value: 1_204_000, href: '/reports/platform' },
  paymentSuccess: [{ method: 'mpesa', attempts: 40, succeeded: 36, rate: 90, href: '/reports/platform' }],
  newAccountsToday: { count: 3, href: '/admin/accounts' },
  newAccountsThisMonth: { count: 51, href: '/admin/accounts' },
  sellersWaiting: { count: 2, href: '/admin/accounts?queue=verification' },
  flaggedPayments: { count: 1, href: '/payments/review' },
  switchedOffRemotes: { count: 0, href: '/admin/remotes' },
};

describe('Admin Overview', () => {
  it('shows each figure as a card that links to the list behind it, money in shillings', async () => {
    signInWith(['Admin']);
    mockApi({ 'GET /v1/admin/overview': () => ({ body: OVERVIEW }) });
    renderPage(<OverviewPage />, { url: '/admin' });
    const figures = await screen.findByRole('list', { name: 'Platform figures' });
    const link = (name: RegExp) => within(figures).getByRole('link', { name });
    expect(link(/Orders today/)).toHaveAttribute('href', '/reports/platform');
    expect(link(/Orders today/)).toHaveTextContent('Ksh 12,500');
    expect(link(/Sellers waiting for verification/)).toHaveAttribute('href', '/admin/accounts?queue=verification');
    expect(link(/Flagged payments/)).toHaveAttribute('href', '/payments/review');
    expect(link(/Switched-off sections/)).toHaveAttribute('href', '/admin/remotes');
    expect(link(/M-Pesa payments that succeeded/)).toHaveTextContent('90%');
    expect(link(/M-Pesa payments that succeeded/)).toHaveTextContent('36 of 40 finished attempts');
  });

  it('tells a non-Admin the page is for administrators and never asks the API', () => {
    signInWith(['Farmer']);
    const api = mockApi({});
    renderPage(<OverviewPage />, { url: '/admin' });
    expect(screen.getByRole('alert')).toHaveTextContent('Only administrators can open this page.');
    expect(api.calls).toHaveLength(0);
  });
});
