import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Order } from '@shambasoko/contracts';
import { Rich, formatKES, translateMessageText, useMessageText } from '@shambasoko/shared';
import { Button, Card, FormError, TextField, buttonClassName } from '@shambasoko/shared/ui';
import { mpesaPhoneProblem, spacedPhone } from '../../lib/mpesa-phone';
import { leaveFor } from '../../lib/leave-for';
import { useLiveOrder } from './api/get-order';
import { useStartPayment } from './api/pay-order';
import { formatOrderDate, orderStatusNote } from './components/order-status-badge';
import { PaymentStatusBadge, formatPaidAt, methodName, paymentStatusLabel } from './components/payment-status';
import { OrderFrame } from './components/order-frame';
import { ready as readyBuy } from '../../lib/i18n-buy';
import { t, useT } from '../../lib/i18n-orders';

// The M-Pesa number's problems (lib/mpesa-phone.ts) are read outside render, where no hook fetches their
// Kiswahili: the page asks for it as its code arrives, so Try again words them in the page's language.
void readyBuy();

/** The headline and words of the live status region, per payment state (the API's words first). */
function statusWords(order: Order): { title: string; text: string | null } {
  const p = order.payment;
  const amount = formatKES(order.total);
  // What is still asked: less than the total once a part was cancelled or its seller confirmed it paid.
  const due = formatKES(p.amountDue);
  const message = p.message === null ? null : translateMessageText(p.message);
  if (order.status === 'expired' || order.status === 'cancelled') {
    return { title: t(order.status === 'expired' ? 'confirm.expired' : 'confirm.cancelled'), text: orderStatusNote(order) };
  }
  switch (p.status) {
    case 'paid':
      return { title: paymentStatusLabel('paid'), text: message ?? t('confirm.paidText', { amount }) };
    case 'pending':
      return p.method === 'card'
        ? { title: t('confirm.cardWaiting'), text: message ?? t('confirm.cardWaitingText') }
        : { title: t('confirm.mpesaWaiting'), text: message ?? t('confirm.mpesaWaitingText', { amount: due }) };
    case 'failed':
      return { title: t('confirm.failed'), text: message };
    case 'declined':
    case 'timed_out':
    case 'flagged':
      return { title: paymentStatusLabel(p.status), text: message };
    default:
      return p.method === 'bank'
        ? {
            title: t('confirm.bank'),
            // Part of it paid (or cancelled): the API's words say how much of it, and what is left.
            text: p.amountDue < order.total && message ? message : t('confirm.bankText', { amount: due }),
          }
        : { title: paymentStatusLabel('unpaid'), text: message };
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
  const t = useT();
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
                [t('bank.bank'), bank.bankName],
                [t('bank.accountName'), bank.accountName],
                [t('bank.accountNumber'), bank.accountNumber],
              ] as [string, ReactNode][])
            : []),
          ...(bank?.paybill ? ([[t('bank.paybill'), bank.paybill]] as [string, ReactNode][]) : []),
          [t('bank.reference'), bank?.reference ?? order.number],
          [t('bank.amount'), formatKES(order.payment.amountDue)],
        ]}
      />
      <p className="text-sm text-stone-700">
        <Rich text={t('bank.quote', { reference: bank?.reference ?? order.number })} components={{ strong: <strong /> }} />
        {due ? ` ${t('bank.payBy', { due })}` : ''}
      </p>
    </div>
  );
}

/** Another attempt: a new M-Pesa prompt (to any number) or a new card page. */
function TryAgain({ order, userKey }: { order: Order; userKey: string }) {
  const t = useT();
  const messageText = useMessageText();
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
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t('retry.title')}>
      <FormError message={start.error ? messageText(start.error.message) : null} />
      {mpesa ? (
        <TextField
          label={t('retry.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          error={problem === null ? null : messageText(problem)}
          hint={problem ? undefined : t('retry.hint')}
          onChange={(e) => setPhone(e.target.value)}
        />
      ) : null}
      <Button type="submit" loading={start.isPending} loadingText={t('retry.busy')} className="self-start">
        {t('retry.title')}
      </Button>
    </form>
  );
}

function PaymentCard({ order, userKey }: { order: Order; userKey: string }) {
  const t = useT();
  const p = order.payment;
  const words = statusWords(order);
  const open = order.status === 'pending_payment';
  const receipt = p.receipt ? t(p.method === 'mpesa' ? 'confirm.mpesaReceipt' : 'confirm.reference', { receipt: p.receipt }) : null;
  return (
    <Card title={t('confirm.paymentTitle', { method: methodName(p.method) })}>
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
          {p.status === 'paid' && p.paidAt ? (
            <p className="text-sm text-stone-600">{t('order.paidAt', { when: formatPaidAt(p.paidAt) })}</p>
          ) : null}
        </div>
        {p.method === 'bank' && p.status !== 'paid' && open ? <BankInstructions order={order} /> : null}
        {p.method === 'card' && p.status === 'pending' && p.redirectUrl && open ? (
          <a href={p.redirectUrl} className={buttonClassName({ variant: 'primary' }) + ' self-start'}>
            {t('confirm.continue')}
          </a>
        ) : null}
        {p.canRetry && open ? <TryAgain order={order} userKey={userKey} /> : null}
      </div>
    </Card>
  );
}

function Confirmation({ order, userKey }: { order: Order; userKey: string }) {
  const t = useT();
  const itemCount = order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 lg:col-span-2">
        <PaymentCard order={order} userKey={userKey} />
      </div>
      <Card title={t('confirm.yourOrder')} className="lg:self-start">
        <Details
          className="flex flex-col gap-2 text-sm"
          rows={[
            [t('confirm.orderNumber'), order.number],
            [t('confirm.items'), t('orders.itemCount', { count: itemCount })],
            [t('confirm.amount'), <span data-testid="confirmation-amount">{formatKES(order.total)}</span>],
          ]}
        />
        <Link
          to={`/orders/${encodeURIComponent(order.id)}`}
          className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline"
        >
          {t('confirm.details')}
        </Link>
      </Card>
    </div>
  );
}

export default function ConfirmationPage() {
  // Set by checkout on arrival; a later visit (or the card page's return) shows the date instead.
  const t = useT();
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  return (
    <OrderFrame
      useOrderQuery={useLiveOrder}
      fallbackTitle={t('order.confirmationTitle')}
      subtitle={(o) => (placed ? t('order.placedNow') : t('order.placed', { date: formatOrderDate(o.createdAt) }))}
    >
      {(o, userKey) => <Confirmation order={o} userKey={userKey} />}
    </OrderFrame>
  );
}
