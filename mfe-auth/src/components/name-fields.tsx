import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@shambasoko/shared/ui';
import { useT } from '../i18n';
import { useErrorText } from './error-text';

type NameField = 'firstName' | 'lastName';
const FIELDS = [
  ['firstName', 'common.firstName', 'given-name'],
  ['lastName', 'common.lastName', 'family-name'],
] as const;

/** First and last name side by side (sign-up, get-started, profile), with the contract's messages. */
export function NameFields({
  field,
  errors = {},
}: {
  field: (name: NameField) => UseFormRegisterReturn;
  errors?: Partial<Record<NameField, { message?: string }>>;
}) {
  const t = useT();
  const msg = useErrorText();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map(([name, label, autoComplete]) => (
        <TextField key={name} label={t(label)} autoComplete={autoComplete} required error={msg(errors[name]?.message)} {...field(name)} />
      ))}
    </div>
  );
}
