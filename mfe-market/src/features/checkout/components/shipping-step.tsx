import { useRef, type FormEvent } from 'react';
import { formatKES, type DeliveryMethod, type ShippingForm } from '@shambasoko/shared';
import { Button, SelectField, TextField } from '@shambasoko/shared/ui';
import { DELIVERY_OPTIONS } from '../../../lib/cart-math';
import { cx } from '../../../lib/cx';
import { CHECKOUT_COUNTIES } from '@shambasoko/shared/contracts';
import type { FieldErrors } from '../checkout-validation';
import { focusFirstInvalid } from './focus-first-invalid';

export interface ShippingStepProps {
  values: ShippingForm;
  errors: FieldErrors<ShippingForm>;
  onChange(field: keyof ShippingForm, value: string): void;
  delivery: DeliveryMethod;
  onDelivery(method: DeliveryMethod): void;
  onBack(): void;
  backLabel: string;
  /** Returns false when the step is not valid yet. */
  onContinue(): boolean;
}

export function ShippingStep({ values, errors, onChange, delivery, onDelivery, onBack, backLabel, onContinue }: ShippingStepProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!onContinue()) focusFirstInvalid(formRef.current);
  };
  const field = (name: keyof ShippingForm) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
  });
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="shipping-heading" className="flex flex-col gap-5">
      <h2 id="shipping-heading" className="text-lg font-semibold text-stone-900">
        Shipping Information
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" required {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" required {...field('lastName')} />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" placeholder="0712 345 678" required {...field('phone')} />
        <TextField label="Address" autoComplete="street-address" placeholder="Street, building, house number" required containerClassName="sm:col-span-2" {...field('address')} />
        <TextField label="City" autoComplete="address-level2" required {...field('city')} />
        <SelectField
          label="County"
          required
          placeholder="Select county"
          options={CHECKOUT_COUNTIES.map((c) => ({ value: c, label: c }))}
          {...field('state')}
        />
        <TextField label="Postal Code" autoComplete="postal-code" hint="Optional" {...field('postalCode')} />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-stone-800">Delivery method</legend>
        {(['standard', 'express'] as const).map((m) => (
          <label
            key={m}
            className={cx(
              'flex cursor-pointer items-center gap-3 rounded-lg border p-3',
              delivery === m ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-white hover:border-stone-400',
            )}
          >
            <input type="radio" name="delivery" value={m} checked={delivery === m} onChange={() => onDelivery(m)} className="size-4 accent-brand-600" />
            <span className="flex-1">
              <span className="block font-medium text-stone-900">{DELIVERY_OPTIONS[m].label}</span>
              <span className="block text-sm text-stone-500">{DELIVERY_OPTIONS[m].time}</span>
            </span>
            <span className="font-medium tabular-nums">{formatKES(DELIVERY_OPTIONS[m].price)}</span>
          </label>
        ))}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          {backLabel}
        </Button>
        <Button type="submit">Continue to Payment</Button>
      </div>
    </form>
  );
}
