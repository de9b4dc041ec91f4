import { useEffect, useState } from 'react';
import { changePassword, hasPasswordSignIn, identityErrorMessage } from '@shambasoko/shared';
import { changePasswordFormSchema } from '@shambasoko/shared/contracts';
import { Button, Card, FormError, PasswordField } from '@shambasoko/shared/ui';
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
        {changed ? (
          <p role="status" className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-800">
            Your password has been changed.
          </p>
        ) : null}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...field('currentPassword')}
        />
        <PasswordField label="New password" autoComplete="new-password" required error={errors.password?.message} {...field('password')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...field('confirmPassword')}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting} loadingText="Changing...">
            Change Password
          </Button>
        </div>
      </form>
    </Card>
  );
}
