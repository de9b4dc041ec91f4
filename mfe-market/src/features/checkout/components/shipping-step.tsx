import type { DeliveryMethod, ShippingForm } from '@shambasoko/contracts';
import { formatKES, useMessageText } from '@shambasoko/shared';

import { CHECKOUT_COUNTIES } from '@shambasoko/contracts/checkout';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import type { SmallForm } from '../../../lib/small-form';
import { DELIVERY_OPTIONS } from '../../../lib/cart-math';
import { useT } from '../../../lib/i18n';
import { useT as useBuyT } from '../../../lib/i18n-buy';
import { useT as useCheckoutT } from '../../../lib/i18n-checkout';
import { ChoiceCard, StepForm } from './step-form';

export interface ShippingStepProps {
  form: SmallForm<ShippingForm, ShippingForm>;
  delivery: DeliveryMethod;
  onDelivery(method: DeliveryMethod): void;
  onBack(): void;
  backLabel: string;
  onContinue(): void;
}

const COUNTY_OPTIONS = CHECKOUT_COUNTIES.map((c) => ({ value: c, label: c }));

export function ShippingStep({ form, delivery, onDelivery, onBack, backLabel, onContinue }: ShippingStepProps) {
  const t = useT();
  const checkoutT = useCheckoutT();
  const tb = useBuyT();
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
      title={checkoutT('shipping.title')}
      onValid={onContinue}
      backLabel={backLabel}
      onBack={onBack}
      submitLabel={checkoutT('shipping.continue')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={checkoutT('shipping.firstName')} autoComplete="given-name" required {...field('firstName')} />
        <TextField label={checkoutT('shipping.lastName')} autoComplete="family-name" required {...field('lastName')} />
        <TextField label={checkoutT('shipping.email')} type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label={checkoutT('shipping.phone')}
          type="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          required
          {...field('phone')}
        />
        <TextField
          label={checkoutT('shipping.city')}
          autoComplete="address-level2"
          placeholder={checkoutT('shipping.cityPlaceholder')}
          required
          {...field('city')}
        />
        <SelectField
          label={checkoutT('shipping.county')}
          required
          placeholder={tb('shipping.countyPlaceholder')}
          options={COUNTY_OPTIONS}
          {...field('state')}
        />
        <TextField
          label={checkoutT('shipping.address')}
          autoComplete="street-address"
          placeholder={checkoutT('shipping.addressPlaceholder')}
          hint={checkoutT('shipping.addressHint')}
          required
          containerClassName="sm:col-span-2"
          {...field('address')}
        />
        <TextField
          label={checkoutT('shipping.pickup')}
          placeholder={checkoutT('shipping.pickupPlaceholder')}
          hint={checkoutT('shipping.pickupHint')}
          containerClassName="sm:col-span-2"
          {...field('pickupPoint')}
        />
        <TextField
          label={checkoutT('shipping.postalCode')}
          autoComplete="postal-code"
          inputMode="numeric"
          hint={checkoutT('shipping.optional')}
          {...field('postalCode')}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-stone-800">{checkoutT('shipping.deliveryMethod')}</legend>
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
