import { useRef, type FormEvent } from 'react';
import type { PaymentForm, PaymentMethod } from '@shambasoko/shared';
import { Button, TextField } from '@shambasoko/shared/ui';
import { cx } from '../../../lib/cx';
import { formatCardNumber, formatExpiry, type FieldErrors } from '../checkout-validation';
import { focusFirstInvalid } from './focus-first-invalid';

export interface PaymentStepProps {
  values: PaymentForm;
  errors: FieldErrors<PaymentForm>;
  onChange(patch: Partial<PaymentForm>): void;
  onBack(): void;
  onContinue(): boolean;
}

const METHODS: { id: PaymentMethod; label: string; detail: string }[] = [
  { id: 'card', label: 'Credit / Debit Card', detail: 'Visa, Mastercard' },
  { id: 'bank', label: 'Bank Transfer', detail: 'EFT, RTGS or PesaLink' },
];

export function PaymentStep({ values, errors, onChange, onBack, onContinue }: PaymentStepProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!onContinue()) focusFirstInvalid(formRef.current);
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="payment-heading" className="flex flex-col gap-5">
      <h2 id="payment-heading" className="text-lg font-semibold text-stone-900">
        Payment Method
      </h2>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Payment method</legend>
        {METHODS.map((m) => (
          <label
            key={m.id}
            className={cx(
              'flex cursor-pointer items-center gap-3 rounded-lg border p-3',
              values.method === m.id ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-white hover:border-stone-400',
            )}
          >
            <input type="radio" name="method" value={m.id} checked={values.method === m.id} onChange={() => onChange({ method: m.id })} className="size-4 accent-brand-600" />
            <span>
              <span className="block font-medium text-stone-900">{m.label}</span>
              <span className="block text-sm text-stone-500">{m.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {values.method === 'card' ? (
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Card Number"
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            required
            containerClassName="col-span-2"
            value={values.cardNumber ?? ''}
            error={errors.cardNumber}
            onChange={(e) => onChange({ cardNumber: formatCardNumber(e.target.value) })}
          />
          <TextField
            label="Expiry Date"
            name="expiryDate"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            required
            value={values.expiryDate ?? ''}
            error={errors.expiryDate}
            onChange={(e) => onChange({ expiryDate: formatExpiry(e.target.value) })}
          />
          <TextField
            label="CVV"
            name="cvv"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            required
            value={values.cvv ?? ''}
            error={errors.cvv}
            onChange={(e) => onChange({ cvv: e.target.value.replace(/\D/g, '').slice(0, 4) })}
          />
          <TextField
            label="Name on Card"
            name="cardName"
            autoComplete="cc-name"
            required
            containerClassName="col-span-2"
            value={values.cardName ?? ''}
            error={errors.cardName}
            onChange={(e) => onChange({ cardName: e.target.value })}
          />
          <p className="col-span-2 text-xs text-stone-500">We keep only your card's brand and last four digits, never the full number or CVV.</p>
        </div>
      ) : (
        <div className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
          <p className="font-semibold">How bank transfer works</p>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>Place your order. It is saved as Pending payment and you get an order number (e.g. SS-000123).</li>
            <li>Transfer the order total by EFT, RTGS or PesaLink, using the order number as the payment reference.</li>
            <li>Once the payment is confirmed, your order is marked Paid and the seller prepares delivery.</li>
          </ol>
        </div>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit">Review Order</Button>
      </div>
    </form>
  );
}
