import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import { leaveFor } from '../../lib/leave-for';
import { mpesaPaid, mpesaPending, orderOf, paymentOf } from '../../testing/fixtures';
import ConfirmationPage from './confirmation-page';

jest.mock('../../lib/leave-for', () => ({ leaveFor: jest.fn() }));

const open = (state?: unknown) =>
  renderPage(<ConfirmationPage />, { url: '/orders/o1/confirmation', path: '/orders/:orderId/confirmation', state });
const status = () => screen.getByRole('status');

jest.setTimeout(20_000);

describe('ConfirmationPage', () => {
  beforeEach(() => signInAs());

  it('shows the order number and amount, then turns Paid with the M-Pesa receipt while it watches', async () => {
    let reads = 0;
    const paid = orderOf({
      status: 'paid',
      paymentDueAt: null,
      payment: mpesaPaid(),
    });
    const { calls } = mockApi({
      'GET /v1/orders/o1': () => {
        reads += 1;
        return { body: reads === 1 ? orderOf({ payment: mpesaPending() }) : paid };
      },
    });
    open({ placed: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SS-000001' })).toBeInTheDocument();
    expect(screen.getByText('Order placed successfully!')).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-amount')).toHaveTextContent(/Ksh\s1,650/);
    expect(status()).toHaveTextContent('Waiting for your M-Pesa PIN');
    expect(status()).toHaveTextContent(/Check your phone and enter your M-Pesa PIN to pay Ksh\s1,650\./);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    // The next poll (2 s) brings the callback's result; the region announces it.
    await waitFor(() => expect(status()).toHaveTextContent('M-Pesa receipt SKL3ABC12X'), { timeout: 6000 });
    expect(within(status()).getByText('Paid', { selector: 'p' })).toBeInTheDocument();
    expect(status()).toHaveTextContent(/Paid 24 Nov, 14:30/);
    const readsWhenPaid = reads;
    await new Promise((r) => setTimeout(r, 2500));
    expect(reads).toBe(readsWhenPaid); // no more polling once paid
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('after a declined prompt, Try again sends a new prompt to the number typed, checked first', async () => {
    const declined = orderOf({
      payment: mpesaPending({
        status: 'declined',
        message: 'The M-Pesa request was declined or cancelled. Try again when you are ready.',
        canRetry: true,
      }),
    });
    const { calls } = mockApi({
      'GET /v1/orders/o1': () => ({ body: declined }),
      'POST /v1/orders/o1/payments': () => ({
        body: orderOf({ payment: mpesaPending({ message: 'Check your phone and enter your M-Pesa PIN to pay Ksh\u00a01,650.' }) }),
      }),
    });
    open();
    expect(await screen.findByText('Declined', { selector: 'p' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('declined or cancelled');

    const phone = screen.getByLabelText(/^M-Pesa Phone Number/);
    expect(phone).toHaveValue('+254 712 345 678'); // the delivery phone
    await userEvent.clear(phone);
    await userEvent.type(phone, '07');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Enter an M-Pesa number such as 0712 345 678')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(phone, '22 000 111');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(status()).toHaveTextContent('Waiting for your M-Pesa PIN'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/v1/orders/o1/payments', { method: 'mpesa', phone: '0722 000 111' }],
    ]);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says why Try again was refused', async () => {
    mockApi({
      'GET /v1/orders/o1': () => ({
        body: orderOf({
          payment: mpesaPending({
            status: 'timed_out',
            message: 'The M-Pesa request timed out before a PIN was entered. Try again.',
            canRetry: true,
          }),
        }),
      }),
      'POST /v1/orders/o1/payments': () => ({
        status: 409,
        message: 'A payment request is already on your phone. Answer it or wait a minute.',
      }),
    });
    open();
    expect(await screen.findByText('Timed out', { selector: 'p' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A payment request is already on your phone');
  });

  it('a card left unpaid opens a new hosted page on Try again', async () => {
    const redirectUrl = 'http://localhost:4010/card/pay/trk-2';
    const { calls } = mockApi({
      'GET /v1/orders/o1': () => ({
        body: orderOf({
          payment: paymentOf({ method: 'card', status: 'declined', message: 'The card was declined.', bank: null, canRetry: true }),
        }),
      }),
      'POST /v1/orders/o1/payments': () => ({
        body: orderOf({ payment: paymentOf({ method: 'card', status: 'pending', bank: null, redirectUrl }) }),
      }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(redirectUrl));
    expect(screen.queryByLabelText(/Card Number/)).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ method: 'card' });
  });

  it('bank transfer: the account, the order number as reference, the amount and when it expires', async () => {
    mockApi({ 'GET /v1/orders/o1': () => ({ body: orderOf() }) });
    open();
    expect(await screen.findByText('Pay by bank transfer', { selector: 'p' })).toBeInTheDocument();
    const details = within(screen.getByTestId('bank-details'));
    expect(details.getByText('Kenya Commercial Bank')).toBeInTheDocument();
    expect(details.getByText('1234567890')).toBeInTheDocument();
    expect(details.getByText('522522')).toBeInTheDocument();
    expect(details.getByText('Reference').nextSibling).toHaveTextContent('SS-000001');
    expect(details.getByText('Amount').nextSibling).toHaveTextContent(/Ksh\s1,650/);
    expect(screen.getByText(/Pay by 23 Nov.*11:00.*expires/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('bank transfer, one seller’s part confirmed: not Paid; what is left to send, and the amount to send is that', async () => {
    const message =
      'Ksh\u00a0450 of this order is confirmed paid. Transfer the remaining Ksh\u00a01,200 quoting SS-000001; each seller confirms their part when it arrives.';
    mockApi({ 'GET /v1/orders/o1': () => ({ body: orderOf({ payment: paymentOf({ amountDue: 1_200, message }) }) }) });
    open();
    expect(await screen.findByText('Pay by bank transfer', { selector: 'p' })).toBeInTheDocument();
    expect(status()).toHaveTextContent(/Ksh\s450 of this order is confirmed paid\. Transfer the remaining Ksh\s1,200 quoting SS-000001/);
    expect(status()).not.toHaveTextContent(/Paid/);
    expect(within(screen.getByTestId('bank-details')).getByText('Amount').nextSibling).toHaveTextContent(/Ksh\s1,200/);
  });
});
