import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { PaymentForm, PaymentMethod } from '@shambasoko/shared';
import { TextField } from '@shambasoko/shared/ui';
import { ChoiceCard, StepForm } from './step-form';

export interface PaymentStepProps {
  form: UseFormReturn<PaymentForm>;
  onBack(): void;
  onContinue(): void;
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  mpesa: 'M-Pesa',
  card: 'Credit / Debit Card',
  bank: 'Bank Transfer',
};

const METHODS: { id: PaymentMethod; detail: string }[] = [
  { id: 'mpesa', detail: 'A PIN prompt on your phone' },
  { id: 'card', detail: "Visa, Mastercard · typed on our payment partner's secure page" },
  { id: 'bank', detail: 'EFT, RTGS or PesaLink' },
];

function Explainer({ title, steps }: { title: string; steps: string[] }) {
  return (
    <div className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
      <p className="font-semibold">{title}</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </div>
  );
}

export function PaymentStep({ form, onBack, onContinue }: PaymentStepProps) {
  const method = useWatch({ control: form.control, name: 'method' });
  const phoneError = form.formState.errors.phone?.message;
  return (
    <StepForm form={form} title="Payment Method" onValid={onContinue} onBack={onBack} submitLabel="Review Order">
      <fieldset className="grid gap-2 sm:grid-cols-3">
        <legend className="sr-only">Payment method</legend>
        {METHODS.map((m) => (
          <ChoiceCard
            key={m.id}
            value={m.id}
            checked={method === m.id}
            title={PAYMENT_METHOD_LABELS[m.id]}
            detail={m.detail}
            {...form.register('method')}
          />
        ))}
      </fieldset>

      {method === 'mpesa' && (
        <div className="flex flex-col gap-3">
          <TextField
            label="M-Pesa Phone Number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="0712 345 678"
            required
            error={phoneError}
            hint={phoneError ? undefined : 'The PIN prompt goes to this phone.'}
            {...form.register('phone')}
          />
          <Explainer
            title="How M-Pesa works"
            steps={[
              'Place your order. A prompt to pay the total appears on this phone.',
              'Enter your M-Pesa PIN on the phone. We never see or store your PIN.',
              'The confirmation page turns Paid with your M-Pesa receipt number.',
            ]}
          />
        </div>
      )}
      {method === 'card' && (
        <Explainer
          title="How card payment works"
          steps={[
            "Place your order. You go to our payment partner's secure page.",
            'Type your card there. Your card number and CVV never reach ShambaSoko.',
            'You come back to the confirmation page, which shows the payment.',
          ]}
        />
      )}
      {method === 'bank' && (
        <Explainer
          title="How bank transfer works"
          steps={[
            'Place your order. It is saved as Pending payment and you get an order number (e.g. SS-000123).',
            'Transfer the order total by EFT, RTGS or PesaLink, using the order number as the payment reference.',
            'Once the seller or our team confirms the payment, your order is marked Paid and the seller prepares delivery.',
          ]}
        />
      )}
    </StepForm>
  );
}
