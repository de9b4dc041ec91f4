import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderAftercare } from '@shambasoko/contracts';
import { aftercareOf, disputeOf, fulfilmentOf, orderOf } from '../../testing/fixtures';
import OrderPage from './order-page';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';

jest.setTimeout(30_000);

const delivered = fulfilmentOf({ id: 'f1', status: 'delivered', buyerCanCancel: false });
const order = orderOf({ status: 'delivered', fulfilments: [delivered] });

beforeEach(() => signInAs());

describe('after delivery, on the order page', () => {
  it('confirms delivery, saying the seller is paid once the buyer confirms', async () => {
    let aftercare: OrderAftercare = { parts: [aftercareOf()] };
    const api = mockApi({
      'GET /v1/orders/o1': () => ({ body: order }),
      'GET /v1/orders/o1/aftercare': () => ({ body: aftercare }),
      'POST /v1/orders/o1/fulfilments/f1/confirm-delivery': () => {
        aftercare = {
          parts: [aftercareOf({ confirmedAt: '2026-11-22T08:00:00.000Z', released: true, canConfirm: false, canDispute: false })],
        };
        return { body: aftercare, message: 'Delivery confirmed' };
      },
    });
    const user = userEvent.setup();
    renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    const part = within(await screen.findByTestId('aftercare'));
    expect(part.getByText(/The seller is paid once you confirm/)).toBeInTheDocument();
    await user.click(part.getByRole('button', { name: 'Confirm delivery' }));
    await waitFor(() => expect(api.writes().map((c) => c.path)).toEqual(['/v1/orders/o1/fulfilments/f1/confirm-delivery']));
    expect(await screen.findByText('You confirmed this delivery.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm delivery' })).toBeNull();
  });

  it('reports a problem with a reason and a note, then shows the open dispute', async () => {
    let aftercare: OrderAftercare = { parts: [aftercareOf()] };
    const api = mockApi({
      'GET /v1/orders/o1': () => ({ body: order }),
      'GET /v1/orders/o1/aftercare': () => ({ body: aftercare }),
      'POST /v1/orders/o1/fulfilments/f1/dispute': () => {
        const dispute = disputeOf();
        aftercare = { parts: [aftercareOf({ canConfirm: false, canDispute: false, dispute })] };
        return { status: 201, body: dispute, message: 'Problem reported' };
      },
    });
    const user = userEvent.setup();
    renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report a problem' }));
    // The note is required: nothing is sent without it.
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText(/What happened.*required/)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.selectOptions(dialog.getByLabelText('What went wrong'), 'damaged');
    await user.type(dialog.getByLabelText(/What happened/), 'Two bags were torn');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(api.writes()[0]).toMatchObject({
        path: '/v1/orders/o1/fulfilments/f1/dispute',
        body: { reason: 'damaged', note: 'Two bags were torn' },
      }),
    );
    const dispute = within(await screen.findByTestId('dispute'));
    expect(dispute.getByText('Open')).toBeInTheDocument();
    expect(dispute.getByText('Two bags were torn')).toBeInTheDocument();
    expect(dispute.getByText(/Waiting for the seller’s answer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm delivery' })).toBeNull();
  });

  it('shows the decision of a refunded dispute', async () => {
    const decided = disputeOf({
      status: 'refunded',
      refundAmount: 500,
      sellerNote: 'Sent whole',
      sellerAnsweredAt: '2026-11-23T09:00:00.000Z',
      decisionReason: 'Photos show damage',
      decidedAt: '2026-11-24T09:00:00.000Z',
    });
    mockApi({
      'GET /v1/orders/o1': () => ({ body: order }),
      'GET /v1/orders/o1/aftercare': () => ({
        body: { parts: [aftercareOf({ canConfirm: false, canDispute: false, released: true, dispute: decided })] },
      }),
    });
    renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    const dispute = within(await screen.findByTestId('dispute'));
    expect(dispute.getByText('Refunded')).toBeInTheDocument();
    expect(dispute.getByText(/Decided: Ksh\s?500 is refunded to you\./)).toBeInTheDocument();
    expect(dispute.getByText('Reason: Photos show damage')).toBeInTheDocument();
    expect(dispute.getByText('Rift Agrovet answered')).toBeInTheDocument();
  });
});
