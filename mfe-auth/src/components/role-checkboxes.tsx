import type { UseFormRegisterReturn } from 'react-hook-form';
import { SELF_SERVICE_ROLES } from '@shambasoko/shared/contracts';
import { useT } from '../i18n';
import { useErrorText } from './error-text';

/** "I am a…": the self-service roles as checkboxes registered under one name (react-hook-form makes the array). */
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
  return (
    <fieldset aria-describedby={error ? 'roles-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-stone-700">{legend ?? t('roles.legend')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {SELF_SERVICE_ROLES.map((role) => (
          <label key={role} className="flex items-center gap-2 rounded-md border border-stone-200 px-3 py-2 text-sm">
            <input type="checkbox" value={role} className="h-4 w-4 accent-brand-700" {...register} />
            {t(`roles.${role}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p id="roles-error" role="alert" className="mt-1 text-sm text-red-600">
          {msg(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
