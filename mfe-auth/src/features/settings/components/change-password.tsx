import { useEffect, useState } from 'react';
import { changePassword, hasPasswordSignIn, identityErrorMessage } from '@shambasoko/shared';
import { changePasswordFormSchema } from '@shambasoko/shared/contracts';
import { Button, Card, FormError, PasswordField } from '@shambasoko/shared/ui';
import { SavedNotice } from '../../../components/saved-notice';
import { checkPasswordPair, useSchemaForm } from '../../../components/use-schema-form';

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
  ['currentPassword', 'Current password', 'current-password'],
  ['password', 'New password', 'new-password'],
  ['confirmPassword', 'Confirm new password', 'new-password'],
] as const;

function ChangePasswordForm() {
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
      setFailure(identityErrorMessage(error, 'We could not change your password. Please try again.'));
    }
  });

  return (
    <Card title="Change password">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={failure} />
        <SavedNotice message={changed ? 'Your password has been changed.' : null} />
        {PASSWORDS.map(([name, label, autoComplete]) => (
          <PasswordField key={name} label={label} autoComplete={autoComplete} required error={errors[name]?.message} {...field(name)} />
        ))}
        <Button type="submit" className="w-full sm:w-auto" loading={isSubmitting} loadingText="Changing...">
          Change Password
        </Button>
      </form>
    </Card>
  );
}
