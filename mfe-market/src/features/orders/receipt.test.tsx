import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mpesaPaid, orderOf } from '../../testing/fixtures';
import OrderPage from './order-page';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';

jest.setTimeout(30_000);

const paid = orderOf({ status: 'paid', payment: mpesaPaid() });

describe("the order page's receipt", () => {
  beforeEach(() => signInAs());

  it('offers Download receipt and Share once the order is paid, not before', async () => {
    mockApi({ 'GET /v1/orders/o1': () => ({ body: orderOf() }) });
    const { unmount } = renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    await screen.findByTestId('order-payment');
    expect(screen.queryByRole('button', { name: 'Download receipt' })).toBeNull();
    unmount();

    mockApi({ 'GET /v1/orders/o1': () => ({ body: paid }) });
    renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    expect(await screen.findByRole('button', { name: 'Download receipt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it("Share asks for a link to this order's receipt and hands it to the phone's share sheet", async () => {
    const share = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { writes } = mockApi({
      'GET /v1/orders/o1': () => ({ body: paid }),
      'POST /v1/share-links': () => ({
        status: 201,
        body: { url: '/v1/shared/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.pdf', expiresAt: '2026-11-27T08:00:00.000Z' },
      }),
    });
    renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(writes().map((c) => [c.path, c.body])).toEqual([['/v1/share-links', { kind: 'receipt', orderId: 'o1' }]]);
    expect(share).toHaveBeenCalledWith({
      title: 'ShambaSoko receipt SS-000001',
      text: 'ShambaSoko receipt SS-000001',
      url: 'http://localhost/v1/shared/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.pdf',
    });
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });

  it('without a share sheet, copies the link and says so beside the button (the order page has no toaster)', async () => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockApi({
      'GET /v1/orders/o1': () => ({ body: paid }),
      'POST /v1/share-links': () => ({
        status: 201,
        body: { url: '/v1/shared/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.pdf', expiresAt: '2026-11-27T08:00:00.000Z' },
      }),
    });
    renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied.');
    expect(writeText).toHaveBeenCalledWith('http://localhost/v1/shared/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.pdf');
  });
});
