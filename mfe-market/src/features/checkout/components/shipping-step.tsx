import type { UseFormReturn } from 'react-hook-form';
import { formatKES, useMessageText, type DeliveryMethod, type ShippingForm } from '@shambasoko/shared';

import { CHECKOUT_COUNTIES } from '@shambasoko/shared/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { DELIVERY_OPTIONS } from '../../../lib/cart-math';
import { useT } from '../../../lib/i18n';
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
  const t = useT();
  const messageText = useMessageText();
  const { errors } = form.formState;
  // The form's own words are already in the page's language; the contract's pass through the dictionary.
  const field = (name: keyof ShippingForm) => {
    const message = errors[name]?.message;
    return { ...form.register(name), error: message ? messageText(message) : undefined };
  };
  return (
    <StepForm
      form={form}
      title={t('shipping.title')}
      onValid={onContinue}
      backLabel={backLabel}
      onBack={onBack}
      submitLabel={t('shipping.continue')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('shipping.firstName')} autoComplete="given-name" required {...field('firstName')} />
        <TextField label={t('shipping.lastName')} autoComplete="family-name" required {...field('lastName')} />
        <TextField label={t('shipping.email')} type="email" autoComplete="email" required {...field('email')} />
        <TextField label={t('shipping.phone')} type="tel" autoComplete="tel" placeholder="0712 345 678" required {...field('phone')} />
        <TextField
          label={t('shipping.city')}
          autoComplete="address-level2"
          placeholder={t('shipping.cityPlaceholder')}
          required
          {...field('city')}
        />
        <SelectField
          label={t('shipping.county')}
          required
          placeholder={t('shipping.countyPlaceholder')}
          options={COUNTY_OPTIONS}
          {...field('state')}
        />
        <TextField
          label={t('shipping.address')}
          autoComplete="street-address"
          placeholder={t('shipping.addressPlaceholder')}
          hint={t('shipping.addressHint')}
          required
          containerClassName="sm:col-span-2"
          {...field('address')}
        />
        <TextField
          label={t('shipping.pickup')}
          placeholder={t('shipping.pickupPlaceholder')}
          hint={t('shipping.pickupHint')}
          containerClassName="sm:col-span-2"
          {...field('pickupPoint')}
        />
        <TextField
          label={t('shipping.postalCode')}
          autoComplete="postal-code"
          inputMode="numeric"
          hint={t('shipping.optional')}
          {...field('postalCode')}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-stone-800">{t('shipping.deliveryMethod')}</legend>
        {(['standard', 'express'] as const).map((m) => (
          <ChoiceCard
            key={m}
            name="delivery"
            value={m}
            checked={delivery === m}
            onChange={() => onDelivery(m)}
            title={DELIVERY_OPTIONS[m].label}
            detail={DELIVERY_OPTIONS[m].time}
            aside={<span className="font-medium tabular-nums">{t('common.from', { amount: formatKES(DELIVERY_OPTIONS[m].price) })}</span>}
          />
        ))}
      </fieldset>
    </StepForm>
  );
}
