import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { translateMessageText } from '@shambasoko/shared';

/**
 * register() plus the visible label and the contract's message under it, read as a sentence
 * ("Business name is required") since the contract's messages start after the field's name.
 */
export function fieldProps<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  name: Path<T>,
  label: string,
  options?: RegisterOptions<T, Path<T>>,
) {
  const message = name
    .split('.')
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], form.formState.errors) as
    { message?: string } | undefined;
  return {
    ...form.register(name, options),
    label,
    error: message?.message ? `${label} ${translateMessageText(message.message)}` : undefined,
  };
}
