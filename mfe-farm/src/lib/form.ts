import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { translateMessageText } from '@shambasoko/shared';
import { t, type FarmKey } from './i18n';

/**
 * The contract's messages are written to follow a field name ("is required"); the spec's words are
 * whole sentences ("Farm name is required."). A few read better said the spec's way.
 */
const SPEC_WORDS: Record<string, FarmKey> = {
  'must be more than 0': 'form.aboveZero',
  'must not be negative': 'form.notNegative',
  // The forms' own date-order rules (inOrder), in the catalog so they are translated.
  'must be on or after the start date': 'form.afterStart',
  'must be on or after the planted date': 'form.afterPlanted',
};

/** The cascading selects' values (FormSelects) are named the same in every form. */
const WHERE_LABELS: Record<string, FarmKey> = {
  farmId: 'common.farm',
  fieldId: 'common.field',
  seasonId: 'common.season',
  cropId: 'common.crop',
  userId: 'common.user',
};

/** "Label message." for a contract message at a field. */
const inWords = (label: string, message: string) =>
  t('form.sentence', { label, message: SPEC_WORDS[message] ? t(SPEC_WORDS[message]) : translateMessageText(message) });

/** A picked option: the selects only offer ids the API listed, so the browser checks that one was chosen. */
export const picked = () => z.string({ error: 'is required' }).min(1, 'is required');
/** An optional pick: none is null, as the contract's optionalRef reads it. */
export const maybePicked = () =>
  z
    .string()
    .optional()
    .transform((id) => id || null);

/** Shillings typed with cents (the spec's step 0.01) are kept as whole shillings before the contract's check. */
export const wholeShillings = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'number' ? Math.round(v) : v), schema);

/** The API's date-order rule (its services check it too), reported at the later date. */
export const inOrder =
  <K extends string>(start: K, end: K, message: string) =>
  (values: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const from = values[start];
    const to = values[end];
    if (typeof from === 'string' && typeof to === 'string' && to < from) ctx.addIssue({ code: 'custom', path: [end], message });
  };

export type InputOptions<V> = {
  /** Inputs the contract wants as numbers ("12.5" → 12.5; text that is not a number stays, to be refused). */
  numbers?: readonly (keyof V & string)[];
  /** Inputs whose blank means "none" (null) rather than "not given". */
  nullable?: readonly (keyof V & string)[];
};

/** From what the inputs hold (strings) to what the contract reads: trimmed, blank as absent, numbers as numbers. */
function toContractInput<V>(values: Record<string, unknown>, { numbers = [], nullable = [] }: InputOptions<V>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === '') out[key] = (nullable as readonly string[]).includes(key) ? null : undefined;
    else if ((numbers as readonly string[]).includes(key) && typeof text === 'string')
      out[key] = Number.isFinite(Number(text)) ? Number(text) : text;
    else out[key] = text;
  }
  return out;
}

export type ContractFormOptions<V extends FieldValues> = InputOptions<V> & {
  /** The request schema (or one derived from it); its output is what onValid receives. */
  schema: z.ZodType<unknown, Record<string, unknown>>;
  /** Field → its name in the spec's sentences ("Farm name"). */
  labels: Partial<Record<keyof V & string, string>>;
  defaultValues: DefaultValues<V>;
};

/**
 * react-hook-form resolved with a contract schema: inputs hold strings, the schema checks what the API
 * checks, and each error is put in the spec's words. `field(name)` spreads onto a TextField/SelectField.
 */
export function useContractForm<V extends FieldValues, Out = V>({ schema, labels, defaultValues, ...input }: ContractFormOptions<V>) {
  const inputs = z.record(z.string(), z.unknown()).transform((values) => toContractInput(values, input));
  const resolve = zodResolver(inputs.pipe(schema)) as unknown as Resolver<V, unknown, Out>;
  const resolver: Resolver<V, unknown, Out> = async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([key, error]) => {
        const where = WHERE_LABELS[key];
        const label = labels[key as keyof V & string] ?? (where ? t(where) : key);
        return [key, { ...error, message: inWords(label, String(error?.message ?? 'is required')) }];
      }),
    ) as FieldErrors<V>;
    return { ...result, errors } as Awaited<ReturnType<Resolver<V, unknown, Out>>>;
  };
  const form = useForm<V, unknown, Out>({ resolver, defaultValues });
  return {
    ...form,
    /** Message of a field's error, if any. */
    errorOf: (name: Path<V>) => form.getFieldState(name, form.formState).error?.message,
    field: (name: Path<V>) => ({ ...form.register(name), error: form.getFieldState(name, form.formState).error?.message }),
  };
}

export type ContractForm<V extends FieldValues, Out = V> = ReturnType<typeof useContractForm<V, Out>>;
