import type { ReactNode } from 'react';
import type { DeliveryMethod, PaymentForm, ShippingForm } from '@shambasoko/shared';
import { Button, FormError } from '@shambasoko/shared/ui';
import { ShippingAddress } from '../../../components/shipping-address';
import { DELIVERY_OPTIONS } from '../../../lib/cart-math';
import { cardBrand } from '../checkout-validation';

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
  error: string | null;
  placing: boolean;
  onEdit(step: 0 | 1): void;
  onBack(): void;
  onPlace(): void;
}

export function ReviewStep({ shipping, delivery, payment, error, placing, onEdit, onBack, onPlace }: ReviewStepProps) {
  const digits = (payment.cardNumber ?? '').replace(/\D/g, '');
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
        {payment.method === 'card' ? (
          <p>
            {cardBrand(digits)} •••• {digits.slice(-4)} · {payment.cardName}
          </p>
        ) : (
          <p>Bank transfer · pay using your order number as the reference</p>
        )}
      </Section>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={placing}>
          Back
        </Button>
        <Button onClick={onPlace} loading={placing} loadingText="Placing Order...">
          Place Order
        </Button>
      </div>
    </div>
  );
}
