import { z } from 'zod';

// Bounds and field schemas that several modules share. zod 4 runs every check of a schema, even
// after one failed, so a length check stops the run (`abort`) before any pattern sees the text.

/** RFC 5321's limit on a forward path. */
export const MAX_EMAIL_LENGTH = 254;

/** KES 10 billion: above any amount a farm, a budget or one price holds; sums stay exact in JS. */
export const MAX_KES = 10_000_000_000;

/** Deeper pages are never browsed; a bound keeps OFFSET (page × size) small. */
export const MAX_PAGE = 10_000;

const tooLong = (max: number) => `must be at most ${max.toLocaleString('en-US')} characters`;

/** Trimmed text of at most `max` characters; nothing after this runs on longer input. */
export const boundedText = (max: number, error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .trim()
    .max(max, { abort: true, message: tooLong(max) });

/** An e-mail address: length first, then zod's e-mail pattern on at most 254 characters. */
export const emailField = (invalid = 'must be a valid e-mail address', notText = 'is required') =>
  boundedText(MAX_EMAIL_LENGTH, notText).pipe(z.email({ error: invalid }));

/** Whole shillings from 0 to KES 10 billion (a safe integer, far below int8). */
export const kesAmount = (notANumber = 'must be an amount in KES') =>
  z
    .number({ error: notANumber })
    .int('must be a whole number of shillings')
    .min(0, 'must not be negative')
    .max(MAX_KES, 'must be at most KES 10,000,000,000');
