import type { FieldValues, Path } from 'react-hook-form';
import { translateMessageText } from '@shambasoko/shared';
import type { FieldOptions, SmallForm } from '../../../lib/small-form';

/**
 * register() plus the visible label and the contract's message under it, read as a sentence
 * ("Business name is required") since the contract's messages start after the field's name.
 */
export function fieldProps<T extends FieldValues>(
  form: Pick<SmallForm<T, unknown>, 'register' | 'formState'>,
  name: Path<T>,
  label: string,
  options?: FieldOptions,
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
