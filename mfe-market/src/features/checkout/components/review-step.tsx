import type { ReactNode } from 'react';
import type { DeliveryMethod, PaymentForm, ShippingForm } from '@shambasoko/contracts';
import { formatKES } from '@shambasoko/shared';
import { Button, FormError } from '@shambasoko/shared/ui';
import { ShippingAddress } from '../../../components/shipping-address';
import { DELIVERY_OPTIONS } from '../../../lib/cart-math';
import { useT } from '../../../lib/i18n';
import { useT as useCheckoutT } from '../../../lib/i18n-checkout';
import { paymentMethodLabel } from './payment-step';

function Section({ title, editLabel, onEdit, children }: { title: string; editLabel: string; onEdit(): void; children: ReactNode }) {
  const checkoutT = useCheckoutT();
  return (
    <section className="rounded-lg border border-stone-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-stone-900">{title}</h3>
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={editLabel}>
          {checkoutT('review.edit')}
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
  /** The order has pre-order lines: the buyer ticks that they are paid now and delivered after the harvest. */
  preorder?: { agreed: boolean; onAgree(agreed: boolean): void };
}

export function ReviewStep({ shipping, delivery, payment, total, error, placing, onEdit, onBack, onPlace, preorder }: ReviewStepProps) {
  const t = useT();
  const checkoutT = useCheckoutT();
  const amount = formatKES(total);
  const paymentSummary =
    payment.method === 'mpesa'
      ? checkoutT('review.mpesa', { phone: payment.phone ?? '' })
      : payment.method === 'card'
        ? checkoutT('review.card')
        : checkoutT('review.bank');
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-stone-900">{checkoutT('review.title')}</h2>
      <FormError message={error} />
      <Section title={checkoutT('review.shipping')} editLabel={checkoutT('review.editShipping')} onEdit={() => onEdit(0)}>
        <ShippingAddress address={shipping} nameClassName="font-medium text-stone-900" />
      </Section>
      <Section title={checkoutT('review.delivery')} editLabel={checkoutT('review.editDelivery')} onEdit={() => onEdit(0)}>
        <p>
          {DELIVERY_OPTIONS[delivery].label} · {DELIVERY_OPTIONS[delivery].time}
        </p>
      </Section>
      <Section title={checkoutT('review.payment')} editLabel={checkoutT('review.editPayment')} onEdit={() => onEdit(1)}>
        <p>
          <span className="font-medium text-stone-900">{paymentMethodLabel(payment.method)}</span>
          <span className="sr-only">: </span>
          <span className="block">{paymentSummary}</span>
        </p>
      </Section>
      {preorder && (
        <label className="flex min-h-11 items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-stone-900">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0"
            checked={preorder.agreed}
            onChange={(event) => preorder.onAgree(event.target.checked)}
          />
          <span>{t('preorder.agree')}</span>
        </label>
      )}
      <div className="flex items-baseline justify-between gap-3 border-t border-stone-200 pt-4 text-base">
        <span className="font-semibold text-stone-900">{checkoutT('review.total')}</span>
        <span className="font-bold text-stone-900 tabular-nums" data-testid="review-total">
          {amount}
        </span>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={placing}>
          {t('common.back')}
        </Button>
        <Button onClick={onPlace} loading={placing} loadingText={checkoutT('review.placing')}>
          {checkoutT('review.place', { amount })}
        </Button>
      </div>
    </div>
  );
}
