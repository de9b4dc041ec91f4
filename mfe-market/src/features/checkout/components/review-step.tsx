import type { ReactNode } from 'react';
import type { DeliveryMethod, PaymentForm, ShippingForm } from '@shambasoko/shared';
import { formatKES } from '@shambasoko/shared';
import { Button, FormError } from '@shambasoko/shared/ui';
import { ShippingAddress } from '../../../components/shipping-address';
import { DELIVERY_OPTIONS } from '../../../lib/cart-math';
import { PAYMENT_METHOD_LABELS } from './payment-step';

function Section({ title, onEdit, children }: { title: string; onEdit(): void; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-stone-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-stone-900">{title}</h3>
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${title.toLowerCase()}`}>
          Edit
        </Button>
      </div>
      <div className="mt-1 text-sm text-stone-700">{children}</div>
    </section>
  );
}

export interface ReviewStepProps {
  shipping: ShippingForm;
  delivery: DeliveryMethod;
  payment: PaymentForm;
  /** What the buyer pays, stated on Place Order. */
  total: number;
  error: string | null;
  placing: boolean;
  onEdit(step: 0 | 1): void;
  onBack(): void;
  onPlace(): void;
}

function paymentSummary(payment: PaymentForm): string {
  if (payment.method === 'mpesa') return `${payment.phone ?? ''} · a PIN prompt comes to this phone when you place the order`;
  if (payment.method === 'card') return "You type your card on our payment partner's secure page next";
  return 'Pay using your order number as the reference';
}

export function ReviewStep({ shipping, delivery, payment, total, error, placing, onEdit, onBack, onPlace }: ReviewStepProps) {
  const amount = formatKES(total);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-stone-900">Review Your Order</h2>
      <FormError message={error} />
      <Section title="Shipping Address" onEdit={() => onEdit(0)}>
        <ShippingAddress address={shipping} nameClassName="font-medium text-stone-900" />
      </Section>
      <Section title="Delivery" onEdit={() => onEdit(0)}>
        <p>
          {DELIVERY_OPTIONS[delivery].label} · {DELIVERY_OPTIONS[delivery].time}
        </p>
      </Section>
      <Section title="Payment" onEdit={() => onEdit(1)}>
        <p>
          <span className="font-medium text-stone-900">{PAYMENT_METHOD_LABELS[payment.method]}</span>
          <span className="sr-only">: </span>
          <span className="block">{paymentSummary(payment)}</span>
        </p>
      </Section>
      <div className="flex items-baseline justify-between gap-3 border-t border-stone-200 pt-4 text-base">
        <span className="font-semibold text-stone-900">Total to pay</span>
        <span className="font-bold text-stone-900 tabular-nums" data-testid="review-total">
          {amount}
        </span>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={placing}>
          Back
        </Button>
        <Button onClick={onPlace} loading={placing} loadingText="Placing Order...">
          {`Place Order · ${amount}`}
        </Button>
      </div>
    </div>
  );
}
