import { paymentProblems, type PaymentProblems } from '@shambasoko/contracts/checkout';
import { normaliseKenyanPhone } from '@shambasoko/contracts/fields-rules';
import { t } from './i18n-buy';

/** The words for the contract's M-Pesa phone problems, on checkout and on Try again, in the page's language. */
export const MPESA_PHONE_MESSAGES: { readonly [K in NonNullable<PaymentProblems['phone']>]: string } = {
  get required() {
    return t('mpesa.phoneRequired');
  },
  get invalid() {
    return t('mpesa.phoneInvalid');
  },
};

/** What is wrong with a number to prompt, in words, or null. */
export function mpesaPhoneProblem(phone: string): string | null {
  const problem = paymentProblems({ method: 'mpesa', phone }).phone;
  return problem ? MPESA_PHONE_MESSAGES[problem] : null;
}

/** "+254712345678" → "+254 712 345 678", easier to check at a glance; anything else as it is. */
export function spacedPhone(phone: string): string {
  const e164 = normaliseKenyanPhone(phone);
  return e164 ? `${e164.slice(0, 4)} ${e164.slice(4, 7)} ${e164.slice(7, 10)} ${e164.slice(10)}` : phone;
}
