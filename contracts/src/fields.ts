import { z } from 'zod';
import { formatKES } from './money';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, MAX_KES, normaliseKenyanPhone } from './fields-rules';

export * from './fields-rules';

// Field schemas that several contracts share. zod 4 runs every check of a schema, even after one
// failed, so a length check stops the run (`abort`) before any pattern sees the text.

const tooLong = (max: number) => `must be at most ${max.toLocaleString('en-US')} characters`;

/** Trimmed text of at most `max` characters; nothing after this runs on longer input. */
export const boundedText = (max: number, error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .trim()
    .max(max, { abort: true, message: tooLong(max) });

/** Trimmed, non-empty text of at most `max` characters. */
export const requiredText = (max: number, required = 'is required') =>
  z
    .string({ error: required })
    .trim()
    .min(1, { abort: true, message: required })
    .max(max, { abort: true, message: tooLong(max) });

/** An e-mail address: length first, then the one e-mail pattern (fields-rules.ts) on at most 254 characters. */
export const emailField = (invalid = 'must be a valid e-mail address', notText = 'is required') =>
  boundedText(MAX_EMAIL_LENGTH, notText).pipe(z.string().regex(EMAIL_PATTERN, { error: invalid }));

/** Whole shillings from 0 to Ksh 10 billion (a safe integer, far below int8). */
export const kesAmount = (notANumber = 'must be an amount in shillings') =>
  z
    .number({ error: notANumber })
    .int('must be a whole number of shillings')
    .min(0, 'must not be negative')
    .max(MAX_KES, `must be at most ${formatKES(MAX_KES)}`);

/** The same bounds for a query-string amount ("650" → 650). */
export const kesQueryAmount = (notANumber = 'must be an amount in shillings') =>
  z.coerce
    .number({ error: notANumber })
    .int('must be a whole number of shillings')
    .min(0, 'must not be negative')
    .max(MAX_KES, `must be at most ${formatKES(MAX_KES)}`);

/** A Kenyan phone number, answered as +254XXXXXXXXX. */
export const kenyanPhoneField = (
  invalid = 'must be a Kenyan phone number such as 0712 345 678 or +254 712 345 678',
  required = 'is required',
) =>
  requiredText(30, required)
    .refine((phone) => normaliseKenyanPhone(phone) !== null, invalid)
    .transform((phone) => normaliseKenyanPhone(phone) ?? phone);
