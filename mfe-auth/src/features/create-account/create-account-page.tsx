import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  createGoogleAccount,
  EMAIL_CONFIRMATION_NOTE,
  IDENTITY_MESSAGES,
  signUpWithEmail,
  signUpWithGoogle,
  preloadIdentity,
  Rich,
} from '@shambasoko/shared';
import { signUpFormSchema, type SelfServiceRole, type SignUpFormValues } from '@shambasoko/contracts';
import { Button, FormError, PasswordField } from '@shambasoko/shared/ui';
import { AuthLayout, EmailField, linkClass, OrDivider, PolicyLinks } from '../../components/auth-layout';
import { GoogleButton } from '../../components/google-button';
import { RoleCheckboxes } from '../../components/role-checkboxes';
import { RoleStep } from '../../components/role-step';
import { useAuthAction } from '../../components/use-auth-action';
import { checkPasswordPair, useSchemaForm } from '../../components/use-schema-form';
import { useErrorText } from '../../components/error-text';
import { NameFields } from '../../components/name-fields';
import { useT } from '../../i18n';

// No role ticked for the person: every new account says who it is.
const EMPTY: SignUpFormValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', roles: [] };
// The phone flow loads on its button, as on Sign In.
const PhoneSignIn = lazy(() => import('../../components/phone-sign-in').then((m) => ({ default: m.PhoneSignIn })));

export default function CreateAccountPage() {
  useEffect(preloadIdentity, []);
  const t = useT();
  const msg = useErrorText();
  const location = useLocation();
  const form = useSchemaForm(signUpFormSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const { error, setError, busy, run } = useAuthAction<'email' | 'google' | 'roles'>();
  const [method, setMethod] = useState<'email' | 'phone' | 'google-roles'>('email');

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
  // A new Google identity chooses its roles here before its account is made; a known one signs in.
  const google = () =>
    run(
      'google',
      async () => {
        const { needsAccount } = await signUpWithGoogle();
        if (needsAccount) setMethod('google-roles');
        return !needsAccount;
      },
      IDENTITY_MESSAGES.googleSignUp,
    );
  const createWithGoogle = (roles: SelfServiceRole[]) =>
    run(
      'roles',
      () =>
        createGoogleAccount(roles).catch((failure: unknown) => {
          setMethod('email');
          throw failure;
        }),
      IDENTITY_MESSAGES.googleSignUp,
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
      {method === 'google-roles' ? (
        <RoleStep
          onChoose={createWithGoogle}
          onChange={() => setError(null)}
          action={t('common.createAccount')}
          busyText={t('common.creatingAccount')}
          busy={busy === 'roles'}
          error={error}
        >
          <PolicyLinks action={t('common.createAccount')} />
        </RoleStep>
      ) : (
        <>
          <GoogleButton onClick={google} loading={busy === 'google'} disabled={busy !== null} />
          <Button
            variant="secondary"
            className="mt-3 w-full"
            onClick={() => setMethod('phone')}
            disabled={busy !== null || method === 'phone'}
          >
            {t('createAccount.withPhone')}
          </Button>
          <OrDivider />
        </>
      )}
      {method === 'phone' ? (
        <Suspense fallback={null}>
          <PhoneSignIn signUp onCancel={() => setMethod('email')} />
        </Suspense>
      ) : null}
      <form onSubmit={submit} hidden={method !== 'email'} noValidate className="space-y-4">
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
