import { z } from 'zod';
import { formatKES } from './money';
import { MAX_EMAIL_LENGTH, MAX_KES, MAX_PAGE } from './fields-rules';

// Building blocks of the farm contract's request schemas. Messages are written to be read after the
// field name, since a bad request answers 400 "name: is required; size: must not be negative".
// zod 4 runs every check, so a length check stops the run (`abort`) before any pattern sees the text.

const isMissing = (input: unknown) => input === undefined || input === null;

export const text = (max = 200) =>
  z
    .string({ error: (issue) => (isMissing(issue.input) ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'is required')
    .max(max, { abort: true, message: `must be at most ${max} characters` });

export const optionalText = (max = 2000) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { abort: true, message: `must be at most ${max} characters` })
    .optional();

export const number = () => z.number({ error: (issue) => (isMissing(issue.input) ? 'is required' : 'must be a number') });

/**
 * A million hectares is more than the largest holding in Kenya (ranches of a few hundred thousand
 * hectares) and about 2% of the country, so no real farm, field or crop is refused; the bound keeps
 * every sum of sizes (dashboard, farm_stats) finite and exact. Migration 013 holds the same bound.
 */
export const MAX_HECTARES = 1_000_000;
export const hectares = () =>
  number()
    .positive('must be more than 0')
    .max(MAX_HECTARES, `must be at most ${MAX_HECTARES.toLocaleString('en-US')} hectares`);

export const kes = () =>
  z
    .number({ error: (issue) => (isMissing(issue.input) ? 'is required' : 'must be a number') })
    .int('must be a whole number of shillings')
    .nonnegative('must not be negative')
    .max(MAX_KES, `must be at most ${formatKES(MAX_KES)}`);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of: ${values.join(', ')}`) });

export const date = () => z.iso.date({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a date (YYYY-MM-DD)') });

export const id = () => z.uuid({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a valid id') });

// zod's e-mail pattern, run only on text already cut to 254 characters.
const anEmail = z.email();

/** An e-mail address, or '' (a form's empty field) for none; one clear message for anything else. */
export const optionalEmail = () =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(MAX_EMAIL_LENGTH, { abort: true, message: `must be at most ${MAX_EMAIL_LENGTH} characters` })
    .refine((value) => value === '' || anEmail.safeParse(value).success, 'must be a valid e-mail address')
    .transform((value) => value.toLowerCase())
    .optional();

/** An optional reference in a body: '' and '0' (the selectors' "All"/none) mean none. */
export const optionalRef = () => z.preprocess((value) => (value === '' || value === '0' ? null : value), id().nullable().optional());

/** A list filter: absent, '' and '0' mean All. */
export const filterId = () =>
  z.preprocess((value) => (value === '' || value === '0' ? undefined : value), z.uuid({ error: 'must be an id, or 0 for All' }).optional());

export const filterEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === '' || value === 'all' || value === 'All' ? undefined : value),
    z.enum(values, { error: `must be one of: ${values.join(', ')}` }).optional(),
  );

/** Every value a list's `sort` accepts: each key, ascending or with a "-" for descending. */
function sortValues(keys: readonly [string, ...string[]]): [string, ...string[]] {
  return keys.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];
}

/** A list's query: paging, search and sort (by the resource's own sort keys) plus its filters. */
export function listQuery<S extends z.ZodRawShape>(sortKeys: readonly [string, ...string[]], filters: S) {
  return z.object({
    page: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_PAGE, `must be at most ${MAX_PAGE.toLocaleString('en-US')}`)
      .default(1),
    pageSize: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(20),
    search: z
      .string()
      .trim()
      .max(100, { abort: true, message: 'must be at most 100 characters' })
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    sort: z.enum(sortValues(sortKeys), { error: `must be one of: ${sortValues(sortKeys).join(', ')}` }).optional(),
    ...filters,
  });
}
