import { useEffect, useState } from 'react';
import { changePassword, hasPasswordSignIn, identityErrorMessage } from '@shambasoko/shared';
import { changePasswordFormSchema } from '@shambasoko/contracts';
import { Button, Card, FormError, PasswordField } from '@shambasoko/shared/ui';
import { SavedNotice } from '../../../components/saved-notice';
import { checkPasswordPair, useSchemaForm } from '../../../components/use-schema-form';
import { useErrorText } from '../../../components/error-text';
import { useT } from '../../../i18n';

/** Change password: shown only to accounts that sign in with one (not phone- or Google-only). */
export function ChangePassword() {
  const [hasPassword, setHasPassword] = useState(false);
  useEffect(() => {
    let live = true;
    hasPasswordSignIn().then(
      (yes) => live && setHasPassword(yes),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return hasPassword ? <ChangePasswordForm /> : null;
}

const PASSWORDS = [
  ['currentPassword', 'password.current', 'current-password'],
  ['password', 'password.new', 'new-password'],
  ['confirmPassword', 'password.confirm', 'new-password'],
] as const;

function ChangePasswordForm() {
  const t = useT();
  const msg = useErrorText();
  const form = useSchemaForm(changePasswordFormSchema, {
    mode: 'onTouched',
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const field = (name: 'currentPassword' | 'password' | 'confirmPassword') =>
    form.register(name, {
      onChange: () => {
        setFailure(null);
        setChanged(false);
        checkPasswordPair(form, name);
      },
    });
  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    try {
      await changePassword(currentPassword, password);
      form.reset();
      setChanged(true);
    } catch (error) {
      setFailure(identityErrorMessage(error, t('password.failed')));
    }
  });

  return (
    <Card title={t('password.title')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={msg(failure)} />
        <SavedNotice message={changed ? t('password.changed') : null} />
        {PASSWORDS.map(([name, label, autoComplete]) => (
          <PasswordField
            key={name}
            label={t(label)}
            autoComplete={autoComplete}
            required
            error={msg(errors[name]?.message)}
            {...field(name)}
          />
        ))}
        <Button type="submit" className="w-full sm:w-auto" loading={isSubmitting} loadingText={t('password.changing')}>
          {t('password.change')}
        </Button>
      </form>
    </Card>
  );
}
