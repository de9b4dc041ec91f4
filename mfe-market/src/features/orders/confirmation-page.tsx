import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatKES, type Order } from '@shambasoko/shared';
import { Button, Card, FormError, TextField, buttonClassName } from '@shambasoko/shared/ui';
import { mpesaPhoneProblem, spacedPhone } from '../../lib/mpesa-phone';
import { leaveFor } from '../../lib/leave-for';
import { useLiveOrder } from './api/get-order';
import { useStartPayment } from './api/pay-order';
import { formatOrderDate, orderStatusNote } from './components/order-status-badge';
import { METHOD_NAMES, PaymentStatusBadge, formatPaidAt, paymentStatusLabel } from './components/payment-status';
import { OrderFrame } from './components/order-frame';

/** The headline and words of the live status region, per payment state. */
function statusWords(order: Order): { title: string; text: string | null } {
  const p = order.payment;
  const amount = formatKES(order.total);
  if (order.status === 'expired' || order.status === 'cancelled') {
    return { title: order.status === 'expired' ? 'Order expired' : 'Order cancelled', text: orderStatusNote(order) };
  }
  switch (p.status) {
    case 'paid':
      return { title: 'Paid', text: p.message ?? `We received ${amount}. The seller now prepares your order.` };
    case 'pending':
      return p.method === 'card'
        ? { title: 'Waiting for the card payment', text: p.message ?? "Finish paying on our payment partner's secure page." }
        : { title: 'Waiting for your M-Pesa PIN', text: p.message ?? `Check your phone and enter your M-Pesa PIN to pay ${amount}.` };
    case 'declined':
      return { title: 'Declined', text: p.message };
    case 'timed_out':
      return { title: 'Timed out', text: p.message };
    case 'failed':
      return { title: 'Payment failed', text: p.message };
    case 'flagged':
      return { title: 'Under review', text: p.message };
    default:
      return p.method === 'bank'
        ? { title: 'Pay by bank transfer', text: `Send ${amount} to the account below and quote your order number.` }
        : { title: 'Not paid yet', text: p.message };
  }
}

/** Label and value pairs, one line each (wrapping on phones). */
function Details({ rows, ...props }: { rows: [string, ReactNode][]; className?: string; 'data-testid'?: string }) {
  return (
    <dl {...props}>
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-3 gap-y-0.5">
          <dt className="text-stone-600">{label}</dt>
          <dd className="font-medium break-all text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function BankInstructions({ order }: { order: Order }) {
  const bank = order.payment.bank;
  const due = formatPaidAt(order.paymentDueAt);
  return (
    <div className="flex flex-col gap-3">
      <Details
        className="flex flex-col gap-2 rounded-lg border border-stone-200 p-4 text-sm"
        data-testid="bank-details"
        rows={[
          ...(bank
            ? ([
                ['Bank', bank.bankName],
                ['Account name', bank.accountName],
                ['Account number', bank.accountNumber],
              ] as [string, ReactNode][])
            : []),
          ...(bank?.paybill ? ([['M-Pesa Paybill', bank.paybill]] as [string, ReactNode][]) : []),
          ['Reference', bank?.reference ?? order.number],
          ['Amount', formatKES(order.total)],
        ]}
      />
      <p className="text-sm text-stone-700">
        Quote <strong>{bank?.reference ?? order.number}</strong> as the reference. The seller or our team marks the order Paid once the
        money arrives.
        {due ? ` Pay by ${due}; after that the order expires and its items go back to stock.` : ''}
      </p>
    </div>
  );
}

/** Another attempt: a new M-Pesa prompt (to any number) or a new card page. */
function TryAgain({ order, userKey }: { order: Order; userKey: string }) {
  const start = useStartPayment(userKey, order.id);
  const mpesa = order.payment.method !== 'card';
  const [phone, setPhone] = useState(() => spacedPhone(order.shipping.phone));
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = mpesa ? mpesaPhoneProblem(phone) : null;
    setProblem(found);
    if (found) return;
    start.mutate(mpesa ? { method: 'mpesa', phone } : { method: 'card' }, {
      onSuccess: (fresh) => {
        if (fresh.payment.method === 'card' && fresh.payment.redirectUrl) leaveFor(fresh.payment.redirectUrl);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Try again">
      <FormError message={start.error?.message ?? null} />
      {mpesa ? (
        <TextField
          label="M-Pesa Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          error={problem}
          hint={problem ? undefined : 'We send a new PIN prompt to this phone.'}
          onChange={(e) => setPhone(e.target.value)}
        />
      ) : null}
      <Button type="submit" loading={start.isPending} loadingText="Sending..." className="self-start">
        Try again
      </Button>
    </form>
  );
}

function PaymentCard({ order, userKey }: { order: Order; userKey: string }) {
  const p = order.payment;
  const words = statusWords(order);
  const open = order.status === 'pending_payment';
  const receipt = p.receipt ? `${p.method === 'mpesa' ? 'M-Pesa receipt' : 'Reference'} ${p.receipt}` : null;
  return (
    <Card title={`Payment · ${METHOD_NAMES[p.method]}`}>
      <div className="flex flex-col gap-4">
        <div role="status" aria-live="polite" data-testid="payment-status" className="flex flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 text-lg font-semibold text-stone-900">
            {p.status === 'pending' && open ? (
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
            ) : null}
            {words.title}
            {paymentStatusLabel(p.status) === words.title ? null : <PaymentStatusBadge payment={p} />}
          </p>
          {words.text ? <p className="text-sm text-stone-700">{words.text}</p> : null}
          {p.status === 'paid' && receipt && !words.text?.includes(p.receipt ?? '') ? (
            <p className="text-sm font-medium text-stone-900">{receipt}</p>
          ) : null}
          {p.status === 'paid' && p.paidAt ? <p className="text-sm text-stone-600">Paid {formatPaidAt(p.paidAt)}</p> : null}
        </div>
        {p.method === 'bank' && p.status !== 'paid' && open ? <BankInstructions order={order} /> : null}
        {p.method === 'card' && p.status === 'pending' && p.redirectUrl && open ? (
          <a href={p.redirectUrl} className={buttonClassName({ variant: 'primary' }) + ' self-start'}>
            Continue to the payment page
          </a>
        ) : null}
        {p.canRetry && open ? <TryAgain order={order} userKey={userKey} /> : null}
      </div>
    </Card>
  );
}

function Confirmation({ order, userKey }: { order: Order; userKey: string }) {
  const itemCount = order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 lg:col-span-2">
        <PaymentCard order={order} userKey={userKey} />
      </div>
      <Card title="Your order" className="lg:self-start">
        <Details
          className="flex flex-col gap-2 text-sm"
          rows={[
            ['Order number', order.number],
            ['Items', itemCount === 1 ? '1 item' : `${itemCount} items`],
            ['Amount', <span data-testid="confirmation-amount">{formatKES(order.total)}</span>],
          ]}
        />
        <Link
          to={`/orders/${encodeURIComponent(order.id)}`}
          className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline"
        >
          Order details and delivery
        </Link>
      </Card>
    </div>
  );
}

export default function ConfirmationPage() {
  // Set by checkout on arrival; a later visit (or the card page's return) shows the date instead.
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  return (
    <OrderFrame
      useOrderQuery={useLiveOrder}
      fallbackTitle="Order Confirmation"
      subtitle={(o) => (placed ? 'Order placed successfully!' : `Placed ${formatOrderDate(o.createdAt)}`)}
    >
      {(o, userKey) => <Confirmation order={o} userKey={userKey} />}
    </OrderFrame>
  );
}
