import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { EMAIL_CONFIRMATION_NOTE, IDENTITY_MESSAGES, signUpWithEmail, signUpWithGoogle, preloadIdentity, Rich } from '@shambasoko/shared';
import { signUpFormSchema, type SignUpFormValues } from '@shambasoko/shared/contracts';
import { Button, FormError, PasswordField } from '@shambasoko/shared/ui';
import { AuthLayout, EmailField, linkClass, OrDivider, PolicyLinks } from '../../components/auth-layout';
import { GoogleButton } from '../../components/google-button';
import { RoleCheckboxes } from '../../components/role-checkboxes';
import { useAuthAction } from '../../components/use-auth-action';
import { checkPasswordPair, useSchemaForm } from '../../components/use-schema-form';
import { useErrorText } from '../../components/error-text';
import { NameFields } from '../../components/name-fields';
import { useT } from '../../i18n';

const EMPTY: SignUpFormValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', roles: ['Farmer'] };

export default function CreateAccountPage() {
  useEffect(preloadIdentity, []);
  const t = useT();
  const msg = useErrorText();
  const location = useLocation();
  const form = useSchemaForm(signUpFormSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const { error, setError, busy, run } = useAuthAction<'email' | 'google'>();

  const field = (name: keyof SignUpFormValues) =>
    form.register(name, {
      onChange: () => {
        setError(null);
        checkPasswordPair(form, name);
      },
    });

  const submit = form.handleSubmit(
    (values) => run('email', () => signUpWithEmail(values), IDENTITY_MESSAGES.createAccount),
    // The password problems go in the red box above the form: mismatch first, then length.
    (invalid) => setError(invalid.confirmPassword?.message ?? invalid.password?.message ?? null),
  );

  return (
    <AuthLayout
      title={t('common.createAccount')}
      subtitle={t('createAccount.subtitle')}
      footer={
        <Rich
          text={t('createAccount.haveAccount')}
          components={{
            signIn: <Link to={{ pathname: '/auth/sign-in', search: location.search }} state={location.state} className={linkClass} />,
          }}
        />
      }
    >
      <GoogleButton
        onClick={() => run('google', signUpWithGoogle, IDENTITY_MESSAGES.googleSignUp)}
        loading={busy === 'google'}
        disabled={busy !== null}
      />
      <OrDivider />
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={msg(error)} />
        <NameFields field={field} errors={errors} />
        <EmailField hint={msg(EMAIL_CONFIRMATION_NOTE)} error={msg(errors.email?.message)} {...field('email')} />
        <PasswordField
          label={t('common.password')}
          autoComplete="new-password"
          required
          hint={t('common.passwordHint')}
          {...field('password')}
        />
        <PasswordField
          label={t('common.confirmPassword')}
          autoComplete="new-password"
          required
          error={msg(errors.confirmPassword?.message)}
          {...field('confirmPassword')}
        />
        <RoleCheckboxes register={field('roles')} error={errors.roles?.message} />
        <Button
          type="submit"
          className="w-full"
          loading={busy === 'email'}
          loadingText={t('common.creatingAccount')}
          disabled={busy === 'google'}
        >
          {t('common.createAccount')}
        </Button>
        <PolicyLinks action={t('common.createAccount')} />
      </form>
    </AuthLayout>
  );
}
