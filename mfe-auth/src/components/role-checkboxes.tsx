import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SELF_SERVICE_ROLES } from '@shambasoko/contracts';
import { useT } from '../i18n';
import { useErrorText } from './error-text';

/**
 * "I am a…": the self-service roles as checkboxes registered under one name (react-hook-form makes
 * the array), each with a line on what it gives, so a new account knows what it is choosing.
 */
export function RoleCheckboxes({
  register,
  error,
  legend,
}: {
  register: UseFormRegisterReturn;
  error?: string | undefined;
  legend?: string;
}) {
  const t = useT();
  const msg = useErrorText();
  // Two of these can share a page (Create Account's Google step beside its hidden e-mail form).
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-stone-700">{legend ?? t('roles.legend')}</legend>
      <div className="grid gap-2">
        {SELF_SERVICE_ROLES.map((role) => (
          <label key={role} className="flex items-start gap-3 rounded-md border border-stone-200 px-3 py-2 text-sm">
            <input
              type="checkbox"
              value={role}
              aria-labelledby={`${id}-${role}`}
              aria-describedby={`${id}-${role}-hint`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              {...register}
            />
            <span>
              <span id={`${id}-${role}`} className="block font-medium">
                {t(`roles.${role}`)}
              </span>
              <span id={`${id}-${role}-hint`} className="block text-stone-600">
                {t(`roles.hint.${role}`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {msg(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
