// Form rules and their messages (spec §5, §8), shared by every auth form.

import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, isValidEmail } from '../contracts/fields-rules';

// The e-mail rule is the contract's (zod-free), so a form never passes an address the API refuses.
export { EMAIL_PATTERN, MAX_EMAIL_LENGTH, isValidEmail };

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PHONE_LENGTH = 32;
/** Optional plus, then at least 10 digits, spaces, hyphens or brackets. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;
/** Pause after typing before asking whether the e-mail has an account (spec §9). */
export const EMAIL_CHECK_DELAY_MS = 500;

export const VALIDATION_MESSAGES = {
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
} as const;

export function isValidPhone(phone: string): boolean {
  const text = phone.trim();
  return text.length <= MAX_PHONE_LENGTH && PHONE_PATTERN.test(text);
}
export const isLongEnough = (password: string): boolean => password.length >= MIN_PASSWORD_LENGTH;

/** 'Passwords do not match' only once both are filled and they differ (shown live under the confirm field). */
export function passwordMismatch(password: string, confirm: string): string | null {
  return password !== '' && confirm !== '' && password !== confirm ? VALIDATION_MESSAGES.passwordsDiffer : null;
}

/** The create-account form's submit check: mismatch first, then length. */
export function signUpError(password: string, confirm: string): string | null {
  if (password !== confirm) return VALIDATION_MESSAGES.passwordsDiffer;
  if (!isLongEnough(password)) return VALIDATION_MESSAGES.passwordTooShort;
  return null;
}

export interface GetStartedValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

/** Get-started submit is enabled only when every rule for the current mode holds. */
export function isGetStartedValid(mode: 'existing' | 'new', v: GetStartedValues): boolean {
  if (!isValidEmail(v.email)) return false;
  if (mode === 'existing') return isLongEnough(v.password);
  return (
    v.firstName.trim() !== '' &&
    v.lastName.trim() !== '' &&
    isValidPhone(v.phone) &&
    isLongEnough(v.password) &&
    v.password === v.confirmPassword
  );
}
