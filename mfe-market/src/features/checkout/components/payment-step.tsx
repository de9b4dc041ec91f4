import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { PaymentForm, PaymentMethod } from '@shambasoko/shared';
import { cardDigits } from '@shambasoko/shared/contracts';
import { TextField, type TextFieldProps } from '@shambasoko/shared/ui';
import { cardBrand, formatCardNumber, formatExpiry } from '../checkout-validation';
import { ChoiceCard, StepForm } from './step-form';

export interface PaymentStepProps {
  form: UseFormReturn<PaymentForm>;
  onBack(): void;
  onContinue(): void;
}

const METHODS: { id: PaymentMethod; label: string; detail: string }[] = [
  { id: 'card', label: 'Credit / Debit Card', detail: 'Visa, Mastercard' },
  { id: 'bank', label: 'Bank Transfer', detail: 'EFT, RTGS or PesaLink' },
];

type CardField = Exclude<keyof PaymentForm, 'method'>;
const digitsOnly = (max: number) => (raw: string) => raw.replace(/\D/g, '').slice(0, max);

/** The card's fields; each keeps its typing in shape (groups of four, MM/YY, digits). */
const CARD_FIELDS: ({ name: CardField; format?: (raw: string) => string } & TextFieldProps)[] = [
  {
    name: 'cardNumber',
    label: 'Card Number',
    autoComplete: 'cc-number',
    placeholder: '1234 5678 9012 3456',
    inputMode: 'numeric',
    containerClassName: 'col-span-2',
    format: formatCardNumber,
  },
  { name: 'expiryDate', label: 'Expiry Date', autoComplete: 'cc-exp', placeholder: 'MM/YY', inputMode: 'numeric', format: formatExpiry },
  { name: 'cvv', label: 'CVV', autoComplete: 'cc-csc', placeholder: '123', inputMode: 'numeric', maxLength: 4, format: digitsOnly(4) },
  { name: 'cardName', label: 'Name on Card', autoComplete: 'cc-name', containerClassName: 'col-span-2' },
];

/** The brand as soon as the prefix names one, so a mistyped first digit shows before submitting. */
function brandHint(cardNumber: string | undefined): string | undefined {
  const digits = cardDigits(cardNumber ?? '');
  return digits.length >= 4 && cardBrand(digits) !== 'Card' ? cardBrand(digits) : undefined;
}

export function PaymentStep({ form, onBack, onContinue }: PaymentStepProps) {
  const method = useWatch({ control: form.control, name: 'method' });
  return (
    <StepForm form={form} title="Payment Method" onValid={onContinue} onBack={onBack} submitLabel="Review Order">
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Payment method</legend>
        {METHODS.map((m) => (
          <ChoiceCard key={m.id} value={m.id} checked={method === m.id} title={m.label} detail={m.detail} {...form.register('method')} />
        ))}
      </fieldset>

      {method === 'card' ? (
        <div className="grid grid-cols-2 gap-4">
          {CARD_FIELDS.map(({ name, format, ...props }) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field, fieldState }) => (
                <TextField
                  {...props}
                  {...field}
                  required
                  value={field.value ?? ''}
                  error={fieldState.error?.message}
                  hint={name === 'cardNumber' ? brandHint(field.value) : undefined}
                  onChange={(e) => field.onChange(format ? format(e.target.value) : e.target.value)}
                />
              )}
            />
          ))}
          <p className="col-span-2 text-xs text-stone-500">
            We keep only your card's brand and last four digits, never the full number or CVV.
          </p>
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
    </StepForm>
  );
}
