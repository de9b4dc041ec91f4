import type { PaymentRow } from './repository';
import { orderPaymentOf, type OrderForPayment } from './view';

const order: OrderForPayment = {
  id: 'order-1',
  number: 'SS-000007',
  status: 'pending_payment',
  total: 1250,
  payment_method: 'mpesa',
  card_brand: null,
  card_last4: null,
};

function attempt(fields: Partial<PaymentRow>): PaymentRow {
  return {
    id: 'payment-1',
    order_id: order.id,
    method: 'mpesa',
    status: 'pending',
    amount: 1250,
    phone: '+254712345678',
    provider_ref: 'ws_CO_1',
    merchant_ref: null,
    receipt: null,
    result_code: null,
    result_desc: null,
    redirect_url: null,
    card_brand: null,
    card_last4: null,
    flag_reason: null,
    confirmed_by: null,
    confirmed_role: null,
    settled_at: null,
    last_query_at: null,
    query_count: 0,
    created_at: new Date('2026-12-02T00:38:31Z'),
    fulfilment_id: null,
    ...fields,
  } as PaymentRow;
}

describe("an order's payment, as the buyer's page reads it", () => {
  it('is paid when its M-Pesa payment is, even if the order row was read just before that payment committed', () => {
    // The page polls while the payment is pending and stops once it is not: an "unpaid" read here left
    // the confirmation page at "Not paid yet" for good while the order was in fact paid.
    const paid = attempt({ status: 'paid', receipt: 'Z5SP0AV6Z4', settled_at: new Date('2026-12-02T00:38:34Z') });
    const payment = orderPaymentOf(order, [paid], 1250);
    expect(payment).toMatchObject({ status: 'paid', receipt: 'Z5SP0AV6Z4', canRetry: false, amountDue: 0 });
  });

  it('still waits for the rest when a seller confirmed only their part of a bank order', () => {
    const bankOrder = { ...order, payment_method: 'bank' as const };
    const part = attempt({ method: 'bank', status: 'paid', amount: 450, provider_ref: null, phone: null, fulfilment_id: 'part-a' });
    expect(orderPaymentOf(bankOrder, [part], 800)).toMatchObject({ status: 'unpaid', amountDue: 800 });
  });

  it('is pending while the prompt is on the phone', () => {
    expect(orderPaymentOf(order, [attempt({})], 1250)).toMatchObject({ status: 'pending', amountDue: 1250 });
  });
});
