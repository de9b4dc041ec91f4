import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type Values = Record<string, string>;
type Errors<T extends Values> = Partial<Record<keyof T, string>>;
type Checked<T extends Values> = { ok: true; values: T } | { ok: false; errors: Errors<T> };

/**
 * A form's contract schema (@shambasoko/contracts), and zod with it (~37 kB gzip), loaded on
 * first use or on `prefetch` (the first focus in the form), not with the page. If that code cannot
 * load (the connection dropped), the values pass unchecked this once: the identity provider still
 * refuses bad ones, and the next attempt loads the schema again.
 */
export function lazySchema<T extends Values>(load: () => Promise<z.ZodType<T, T>>) {
  let ready: Promise<z.ZodType<T, T>> | null = null;
  const get = () => (ready ??= load());
  async function check(values: T): Promise<Checked<T>> {
    let schema: z.ZodType<T, T>;
    try {
      schema = await get();
    } catch (error) {
      ready = null;
      console.warn('Form checks could not load', error);
      return { ok: true, values };
    }
    const result = schema.safeParse(values);
    if (result.success) return { ok: true, values: result.data };
    // The first message per field, as react-hook-form's resolver shows it.
    const errors: Errors<T> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof T | undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  const prefetch = () => {
    get().catch(() => {
      ready = null;
    });
  };
  return { check, prefetch };
}

interface FieldOptions {
  onChange?(): void;
}

/**
 * Form state for a small form of text fields without react-hook-form (12 kB gzip: the largest part
 * of the sign-in page's own code, on the page most visits start at). It behaves as react-hook-form
 * does there: the schema checks on submit, a failed submit focuses the first wrong field, and from
 * then on each change checks that field again.
 */
export function useLightForm<T extends Values>({ defaultValues, check }: { defaultValues: T; check(values: T): Promise<Checked<T>> }) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Errors<T>>({});
  const latest = useRef(values);
  const submitted = useRef(false);
  const inputs = useRef(new Map<keyof T, HTMLInputElement>());

  const recheck = async (name: keyof T) => {
    const result = await check(latest.current);
    const message = result.ok ? undefined : result.errors[name];
    setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
  };

  const register = (name: keyof T & string, options: FieldOptions = {}) => ({
    name,
    value: values[name],
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...latest.current, [name]: event.target.value };
      latest.current = next;
      setValues(next);
      options.onChange?.();
      if (submitted.current) void recheck(name);
    },
  });

  const handleSubmit = (onValid: (values: T) => unknown) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    const result = await check(latest.current);
    if (!result.ok) {
      setErrors(result.errors);
      const first = (Object.keys(latest.current) as Array<keyof T>).find((name) => result.errors[name] !== undefined);
      if (first !== undefined) inputs.current.get(first)?.focus();
      return;
    }
    setErrors({});
    await onValid(result.values);
  };

  return { values, errors, register, handleSubmit };
}
