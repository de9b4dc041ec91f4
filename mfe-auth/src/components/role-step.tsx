import type { ReactNode } from 'react';
import { roleChoiceFormSchema, type RoleChoiceFormValues, type SelfServiceRole } from '@shambasoko/contracts';
import { Button, FormError } from '@shambasoko/shared/ui';
import { useT } from '../i18n';
import { useErrorText } from './error-text';
import { RoleCheckboxes } from './role-checkboxes';
import { useSchemaForm } from './use-schema-form';

const NONE: RoleChoiceFormValues = { roles: [] };

/**
 * "I am a…" as a step of its own: a Google or phone sign-up once the provider has answered, and an
 * account without roles. Nothing is ticked for the person: the roles are theirs to choose.
 */
export function RoleStep({
  onChoose,
  action,
  busyText,
  busy,
  error,
  onChange,
  children,
}: {
  onChoose(roles: SelfServiceRole[]): void;
  action: string;
  busyText: string;
  busy: boolean;
  error?: string | null;
  onChange?(): void;
  children?: ReactNode;
}) {
  const t = useT();
  const msg = useErrorText();
  const form = useSchemaForm(roleChoiceFormSchema, { defaultValues: NONE });
  const submit = form.handleSubmit(({ roles }) => onChoose(roles));
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('roles.step.title')}>
      <FormError message={msg(error ?? null)} />
      <div>
        <h2 className="text-base font-semibold text-stone-900">{t('roles.step.title')}</h2>
        <p className="text-sm text-stone-600">{t('roles.step.text')}</p>
      </div>
      <RoleCheckboxes register={form.register('roles', { onChange })} error={form.formState.errors.roles?.message} />
      <Button type="submit" className="w-full" loading={busy} loadingText={busyText}>
        {action}
      </Button>
      {children}
    </form>
  );
}
