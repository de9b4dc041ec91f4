import type { UseFormReturn } from 'react-hook-form';
import { formatKES, type DeliveryMethod, type ShippingForm } from '@shambasoko/shared';
import { CHECKOUT_COUNTIES } from '@shambasoko/shared/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { DELIVERY_OPTIONS } from '../../../lib/cart-math';
import { ChoiceCard, StepForm } from './step-form';

export interface ShippingStepProps {
  form: UseFormReturn<ShippingForm>;
  delivery: DeliveryMethod;
  onDelivery(method: DeliveryMethod): void;
  onBack(): void;
  backLabel: string;
  onContinue(): void;
}

const COUNTY_OPTIONS = CHECKOUT_COUNTIES.map((c) => ({ value: c, label: c }));

export function ShippingStep({ form, delivery, onDelivery, onBack, backLabel, onContinue }: ShippingStepProps) {
  const { errors } = form.formState;
  const field = (name: keyof ShippingForm) => ({ ...form.register(name), error: errors[name]?.message });
  return (
    <StepForm
      form={form}
      title="Shipping Information"
      onValid={onContinue}
      backLabel={backLabel}
      onBack={onBack}
      submitLabel="Continue to Payment"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" required {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" required {...field('lastName')} />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" placeholder="0712 345 678" required {...field('phone')} />
        <TextField label="Nearest town" autoComplete="address-level2" placeholder="e.g. Nakuru" required {...field('city')} />
        <SelectField label="County" required placeholder="Select county" options={COUNTY_OPTIONS} {...field('state')} />
        <TextField
          label="Landmark or directions"
          autoComplete="street-address"
          placeholder="e.g. Opposite Kenol petrol station, green gate"
          hint="How the rider finds you: a landmark, a road, a building"
          required
          containerClassName="sm:col-span-2"
          {...field('address')}
        />
        <TextField
          label="Pick-up point"
          placeholder="e.g. Naivas Westside, Stage 2 shop 14"
          hint="Optional: a shop, stage or office where you can collect"
          containerClassName="sm:col-span-2"
          {...field('pickupPoint')}
        />
        <TextField label="Postal Code" autoComplete="postal-code" inputMode="numeric" hint="Optional" {...field('postalCode')} />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-stone-800">Delivery method</legend>
        {(['standard', 'express'] as const).map((m) => (
          <ChoiceCard
            key={m}
            name="delivery"
            value={m}
            checked={delivery === m}
            onChange={() => onDelivery(m)}
            title={DELIVERY_OPTIONS[m].label}
            detail={DELIVERY_OPTIONS[m].time}
            aside={<span className="font-medium tabular-nums">from {formatKES(DELIVERY_OPTIONS[m].price)}</span>}
          />
        ))}
      </fieldset>
    </StepForm>
  );
}
