import type { PaymentForm, PaymentMethod } from '@shambasoko/contracts';
import { formatKES, useMessageText } from '@shambasoko/shared';
import { MPESA_MAX_AMOUNT } from '@shambasoko/contracts/payment-values';
import { TextField } from '@shambasoko/shared/ui';
import { t as translate, useT, type CheckoutKey } from '../../../lib/i18n-checkout';
import { ChoiceCard, StepForm } from './step-form';
import type { SmallForm } from '../../../lib/small-form';

export interface PaymentStepProps {
  form: SmallForm<PaymentForm, PaymentForm>;
  /** The order is above what M-Pesa takes in one payment: the option stays visible, switched off, saying why. */
  mpesaTooLarge?: boolean;
  onBack(): void;
  onContinue(): void;
}

/** What each method is called, in the page's language. */
export const paymentMethodLabel = (method: PaymentMethod): string => translate(`payment.${method}`);

const METHODS: { id: PaymentMethod; detail: CheckoutKey }[] = [
  { id: 'mpesa', detail: 'payment.mpesaDetail' },
  { id: 'card', detail: 'payment.cardDetail' },
  { id: 'bank', detail: 'payment.bankDetail' },
];

/** The three steps each method's explainer lists, in order. */
const methodSteps = (method: PaymentMethod) => [
  translate(`payment.${method}Step1`),
  translate(`payment.${method}Step2`),
  translate(`payment.${method}Step3`),
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

export function PaymentStep({ form, mpesaTooLarge = false, onBack, onContinue }: PaymentStepProps) {
  const t = useT();
  const messageText = useMessageText();
  // Read while rendering: the step renders again as the buyer picks another method.
  const method = form.watch('method');
  const phoneMessage = form.formState.errors.phone?.message;
  const phoneError = phoneMessage ? messageText(phoneMessage) : undefined;
  return (
    <StepForm form={form} title={t('payment.title')} onValid={onContinue} onBack={onBack} submitLabel={t('payment.reviewOrder')}>
      <fieldset className="grid gap-2 sm:grid-cols-3">
        <legend className="sr-only">{t('payment.legend')}</legend>
        {METHODS.map((m) => {
          const off = m.id === 'mpesa' && mpesaTooLarge;
          return (
            <ChoiceCard
              key={m.id}
              value={m.id}
              checked={method === m.id}
              title={paymentMethodLabel(m.id)}
              detail={off ? t('payment.mpesaTooLarge', { max: formatKES(MPESA_MAX_AMOUNT) }) : t(m.detail)}
              {...form.register('method')}
              disabled={off}
            />
          );
        })}
      </fieldset>

      {method === 'mpesa' && (
        <div className="flex flex-col gap-3">
          <TextField
            label={t('payment.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="0712 345 678"
            required
            error={phoneError}
            hint={phoneError ? undefined : t('payment.phoneHint')}
            {...form.register('phone')}
          />
          <Explainer title={t('payment.mpesaHow')} steps={methodSteps('mpesa')} />
        </div>
      )}
      {method === 'card' && <Explainer title={t('payment.cardHow')} steps={methodSteps('card')} />}
      {method === 'bank' && <Explainer title={t('payment.bankHow')} steps={methodSteps('bank')} />}
    </StepForm>
  );
}
