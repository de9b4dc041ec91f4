import type { FieldErrors, FieldValues } from 'react-hook-form';
import { translateMessageText } from '@shambasoko/shared';

/** The contract's message for a field, read after its label ("Title (English) is required"). */
export function errorFor<T extends FieldValues>(errors: FieldErrors<T>, name: keyof T & string, label: string): string | undefined {
  const message = (errors[name] as { message?: string } | undefined)?.message;
  return message ? `${label} ${translateMessageText(message)}` : undefined;
}
