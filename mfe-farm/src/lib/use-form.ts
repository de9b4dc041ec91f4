import { useCallback, useState } from 'react';
import { hasErrors, requireFields, type FieldErrors } from './validate';

/** The names errors may have: the values' keys and the extra ones. */
type ErrorKey<V, K extends string> = K | (keyof V & string);

export type FormOptions<V extends object, K extends string> = {
  defaultValues: V | (() => V);
  /** Field → its label, for "Label is required." on blank values (spec section 5). Read at submit, so it may change with the form. */
  required?: Partial<Record<keyof V & string, string>>;
  /**
   * Checks beyond the required ones, returning more errors; it sees the required errors so it can
   * skip a field already reported. The slot a zod resolver takes when react-hook-form replaces this.
   */
  validate?: (values: V, found: FieldErrors<ErrorKey<V, K>>) => FieldErrors<ErrorKey<V, K>>;
};

/**
 * The small form state every farm dialog holds: values, per-field errors cleared as the field changes,
 * and a submit that runs the checks first. Named after react-hook-form (defaultValues, setValue,
 * clearErrors, reset, handleSubmit) so the dialogs can move to it and zodResolver without changing shape.
 * K names the errors: the values' keys plus any extra (e.g. 'farm' for the cascading selects).
 */
export function useForm<V extends object, K extends string = keyof V & string>(options: FormOptions<V, K>) {
  const [values, setValues] = useState<V>(options.defaultValues);
  const [errors, setErrors] = useState<FieldErrors<ErrorKey<V, K>>>({});

  const clearErrors = (...keys: string[]) =>
    setErrors((er) => ({ ...er, ...Object.fromEntries(keys.map((k) => [k, undefined])) }));
  const setValue = <F extends keyof V & string>(key: F, value: V[F]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearErrors(key);
  };

  // Stable, so an effect may reset the form when loaded data arrives.
  const reset = useCallback((next: V) => setValues(next), []);

  return {
    values,
    errors,
    setValue,
    clearErrors,
    /** Replaces the values (after a save, or when the loaded record changes); keeps errors as they are. */
    reset,
    /** Value, change handler and error of one input: `<TextField {...form.field('name')} />`. */
    field: <F extends keyof V & string>(key: F) => ({
      value: values[key],
      onChange: (e: { target: { value: string } }) => setValue(key, e.target.value as V[F]),
      error: errors[key],
    }),
    /** A submit handler: shows every error at once, and calls onValid only when there are none. */
    handleSubmit: (onValid: (values: V) => void) => () => {
      // Only value keys can be required; widened to the error names it is merged with.
      const required = requireFields(values, (options.required ?? {}) as Record<keyof V & string, string>) as FieldErrors<ErrorKey<V, K>>;
      const found = { ...required, ...options.validate?.(values, required) };
      setErrors(found);
      if (!hasErrors(found)) onValid(values);
    },
  };
}
