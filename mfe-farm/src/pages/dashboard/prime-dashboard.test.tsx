import { act, screen, waitFor } from '@testing-library/react';
import * as shared from '@shambasoko/shared';
import { useSession } from '@shambasoko/shared';
import { DEFAULT_PREFERENCES } from '@shambasoko/contracts';
import { markSavedData } from '@shambasoko/shared/offline';
import { listPage, mockApi, renderPage, signInAs, signOut } from '@shambasoko/shared/testing';
import { emptyDashboard } from '../../testing/fixtures';
import pageReads from '../first-reads.json';
import DashboardPage from './dashboard-page';
import { primeDashboard } from './prime-dashboard';

const firstReads = pageReads['/dashboard'];

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const answers = () =>
  mockApi({
    'GET /v1/dashboard': () => ({ body: emptyDashboard }),
    'GET /v1/farms': () => ({ body: listPage([]) }),
    'GET /v1/activities/mine': () => ({ body: { today: '2026-03-12', dueToday: [], overdue: [] } }),
    'GET /v1/me/preferences': () => ({ body: DEFAULT_PREFERENCES }),
  });

describe('a visit that starts at the dashboard', () => {
  afterEach(signOut);

  it('asks for the dashboard’s data before the page renders, and the page takes those answers', async () => {
    signInAs();
    const { calls } = answers();
    primeDashboard();
    await settle();
    expect(calls.map((c) => c.path).sort()).toEqual(['/v1/activities/mine', '/v1/dashboard', '/v1/farms']);
    renderPage(<DashboardPage />, { url: '/dashboard' });
    expect(await screen.findByText('No farms yet.')).toBeInTheDocument();
    // Each asked once: the page took the primed answers.
    const dashboardCalls = calls.filter((c) => ['/v1/dashboard', '/v1/farms', '/v1/activities/mine'].includes(c.path));
    expect(dashboardCalls).toHaveLength(3);
  });

  it('names, for the page to send early (webpack.config.mjs, opens), exactly the reads its first screen makes', async () => {
    signInAs();
    const { calls } = answers();
    primeDashboard();
    renderPage(<DashboardPage />, { url: '/dashboard' });
    expect(await screen.findByText('No farms yet.')).toBeInTheDocument();
    const asked = () => [...new Set(calls.filter((c) => c.method === 'GET').map((c) => `${c.url.pathname}${c.url.search}`))].sort();
    await waitFor(() => expect(asked()).toEqual([...firstReads].sort()));
    // Nothing more once the answers are in.
    await act(settle);
    expect(asked()).toEqual([...firstReads].sort());
  });

  it('asks for nothing on a device that keeps the account’s farm data: the page shows that first', async () => {
    signInAs();
    markSavedData(useSession.getState().user!.uid);
    try {
      const { calls } = answers();
      primeDashboard();
      await settle();
      expect(calls).toEqual([]);
    } finally {
      markSavedData(null);
    }
  });

  it('holds the visit’s first screen until the dashboard’s figures are on screen', async () => {
    signInAs();
    answers();
    const holdSpy = jest.spyOn(shared, 'holdFirstScreen').mockImplementation(() => undefined);
    try {
      primeDashboard();
      expect(holdSpy).toHaveBeenCalledTimes(1);
      let up = false;
      void holdSpy.mock.calls[0]![0].then(() => (up = true));
      await settle();
      expect(up).toBe(false);
      renderPage(<DashboardPage />, { url: '/dashboard' });
      expect(await screen.findByText('No farms yet.')).toBeInTheDocument();
      // Up once the figures have been painted (the frame after the one that rendered them).
      await waitFor(() => expect(up).toBe(true));
    } finally {
      holdSpy.mockRestore();
    }
  });

  it('holds it until the browser reports the figures painted, not a paint from before they were rendered', async () => {
    signInAs();
    answers();
    // A browser that reports largest paints: the frame's header was painted before the figures rendered.
    const observers: Array<(entries: Array<{ startTime: number; url: string }>) => void> = [];
    const headerPaint = { startTime: performance.now(), url: '' };
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
      observe({ buffered }: { buffered?: boolean }) {
        const report = (entries: unknown[]) => this.callback({ getEntries: () => entries });
        observers.push(report);
        if (buffered) report([headerPaint]);
      }
      disconnect() {}
    }
    Object.assign(globalThis, { PerformanceObserver: FakeObserver });
    const holdSpy = jest.spyOn(shared, 'holdFirstScreen').mockImplementation(() => undefined);
    try {
      primeDashboard();
      let up = false;
      void holdSpy.mock.calls[0]![0].then(() => (up = true));
      renderPage(<DashboardPage />, { url: '/dashboard' });
      expect(await screen.findByText('No farms yet.')).toBeInTheDocument();
      await waitFor(() => expect(observers).toHaveLength(1));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(up).toBe(false);
      act(() => observers[0]!([{ startTime: performance.now(), url: '' }]));
      await waitFor(() => expect(up).toBe(true));
    } finally {
      holdSpy.mockRestore();
      delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
    }
  });

  it('asks for nothing without a session', async () => {
    signOut();
    const { calls } = answers();
    primeDashboard();
    await settle();
    expect(calls).toEqual([]);
  });
});
