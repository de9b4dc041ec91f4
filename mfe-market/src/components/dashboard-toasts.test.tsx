import { act, render, screen, within } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { importChain } from '@shambasoko/shared/testing';
import { DashboardToasts } from './dashboard-toasts';
import { showToast, useToasts } from './toasts';

const liveRegion = (view: RenderResult) => view.container.querySelector<HTMLElement>('[aria-live]')!;

afterEach(() => act(() => useToasts.setState({ toasts: [] })));

describe("a dashboard page's toasts", () => {
  it('keeps the empty live region from the start, so the first toast is announced into it', async () => {
    const view = render(<DashboardToasts />);
    const region = liveRegion(view);
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    act(() => showToast('Delivery confirmed'));
    expect(await within(region).findByText('Delivery confirmed')).toBeInTheDocument();
    // The same element: a region mounted with its first message is often not read out.
    expect(liveRegion(view)).toBe(region);
  });

  it('takes the dismiss button with the list, and a dismissed toast leaves the region empty', async () => {
    const view = render(<DashboardToasts />);
    act(() => showToast('Dispute answered'));
    const dismiss = await screen.findByRole('button', { name: 'Dismiss' });
    act(() => dismiss.click());
    // No status role of its own: a page's own status line stays the only one.
    expect(screen.queryByRole('status')).toBeNull();
    expect(liveRegion(view)).toBeEmptyDOMElement();
  });

  it("loads the list's code apart from the market frame's chunk", () => {
    const chainTo = (end: RegExp) =>
      importChain(`${__dirname}/..`, 'components/dashboard-toasts.tsx', (_specifier, file) => Boolean(file && end.test(file)));
    // Static imports only: the list comes by import() with the first toast.
    expect(chainTo(/\/components\/toast-items\.tsx$/)).toBeNull();
    // Nothing the frame's chunk group holds (webpack.config.mjs, market-frame).
    expect(chainTo(/\/components\/(toaster|frame-icons)\.tsx$/)).toBeNull();
    expect(chainTo(/\/components\/toast-region\.tsx$/)).not.toBeNull();
  });
});
