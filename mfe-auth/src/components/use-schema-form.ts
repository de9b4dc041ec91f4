import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** react-hook-form resolved by a contract schema (@shambasoko/contracts): the API's rules and words. */
export function useSchemaForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ reValidateMode: 'onChange', ...options, resolver: zodResolver(schema) });
}

interface PasswordPairForm {
  getValues(): { password: string; confirmPassword: string };
  trigger(name: 'confirmPassword'): Promise<boolean>;
  clearErrors(name: 'confirmPassword'): void;
}

/** 'Passwords do not match' shows live once both are filled; the schema holds the rule. */
export function checkPasswordPair(form: PasswordPairForm, changed: string): void {
  if (changed !== 'password' && changed !== 'confirmPassword') return;
  const { password, confirmPassword } = form.getValues();
  if (password !== '' && confirmPassword !== '') void form.trigger('confirmPassword');
  else form.clearErrors('confirmPassword');
}
