import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  IDENTITY_MESSAGES,
  retryCoreSession,
  signInWithEmail,
  signInWithGoogle,
  useCoreSessionStatus,
  preloadIdentity,
  Rich,
} from '@shambasoko/shared';
import type { SignInFormValues } from '@shambasoko/contracts';
import { Button, FormError, PasswordField } from '@shambasoko/shared/ui';
import { AuthLayout, EmailField, linkClass, OrDivider } from '../../components/auth-layout';
import { GoogleButton } from '../../components/google-button';
import { readAuthState } from '../../components/redirect-target';
import { useAuthAction } from '../../components/use-auth-action';
import { lazySchema, useLightForm } from '../../components/use-light-form';
import { useErrorText } from '../../components/error-text';
import { useT } from '../../i18n';

// Both load when wanted: the schema (and zod) on the first focus in the form, the phone flow on its button.
// The form itself needs no form library (use-light-form.ts): this is the page most visits start at.
const signInChecks = lazySchema<SignInFormValues>(() => import('@shambasoko/contracts').then((m) => m.signInFormSchema));
const PhoneSignIn = lazy(() => import('../../components/phone-sign-in').then((m) => ({ default: m.PhoneSignIn })));

export default function SignInPage() {
  useEffect(preloadIdentity, []);
  const t = useT();
  const msg = useErrorText();
  const location = useLocation();
  const form = useLightForm<SignInFormValues>({
    check: signInChecks.check,
    defaultValues: { email: readAuthState(location.state).email ?? '', password: '' },
  });
  const { errors } = form;
  const { error, setError, noAccount, busy, run } = useAuthAction<'email' | 'google' | 'retry'>();
  const createAccount = { pathname: '/auth/create-account', search: location.search };
  const coreFailure = useCoreSessionStatus((s) => s.failure);
  const [withPhone, setWithPhone] = useState(false);

  // The error clears when the input changes (spec).
  const field = (name: 'email' | 'password') => form.register(name, { onChange: () => setError(null) });
  const submit = form.handleSubmit(({ email, password }) => run('email', () => signInWithEmail(email, password), IDENTITY_MESSAGES.signIn));
  const retry = () => run('retry', retryCoreSession, IDENTITY_MESSAGES.signIn);

  return (
    <AuthLayout
      title={t('common.signIn')}
      subtitle={t('signIn.subtitle')}
      footer={
        <Link to="/" className={linkClass}>
          {t('common.backHome')}
        </Link>
      }
    >
      <GoogleButton
        onClick={() => run('google', signInWithGoogle, IDENTITY_MESSAGES.googleSignIn)}
        loading={busy === 'google'}
        disabled={busy !== null}
      />
      <Button variant="secondary" className="mt-3 w-full" onClick={() => setWithPhone(true)} disabled={busy !== null || withPhone}>
        {t('signIn.withPhone')}
      </Button>
      <OrDivider />
      {withPhone ? (
        <Suspense fallback={null}>
          <PhoneSignIn onCancel={() => setWithPhone(false)} />
        </Suspense>
      ) : null}
      <form onSubmit={submit} onFocus={signInChecks.prefetch} hidden={withPhone} noValidate className="space-y-4">
        <FormError message={msg(error)} />
        {noAccount ? (
          <p className="text-sm">
            <Link to={createAccount} state={location.state} className={linkClass}>
              {t('signIn.createInstead')}
            </Link>
          </p>
        ) : null}
        {coreFailure && error && !noAccount ? (
          <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
            <p>{t('signIn.noSession')}</p>
            <Button size="sm" variant="secondary" onClick={retry} loading={busy === 'retry'} loadingText={t('signIn.retrying')}>
              {t('signIn.tryAgain')}
            </Button>
          </div>
        ) : null}
        <EmailField error={msg(errors.email)} {...field('email')} />
        <div>
          <PasswordField
            label={t('common.password')}
            autoComplete="current-password"
            required
            error={msg(errors.password)}
            {...field('password')}
          />
          <div className="mt-2 text-right text-sm">
            <Link to="/forgot-password" state={{ email: form.values.email }} className={linkClass}>
              {t('common.forgotPassword')}
            </Link>
          </div>
        </div>
        <Button
          type="submit"
          className="w-full"
          loading={busy === 'email'}
          loadingText={t('common.signingIn')}
          disabled={busy !== null && busy !== 'email'}
        >
          {t('common.signIn')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        <Rich
          text={t('signIn.noAccount')}
          components={{
            create: <Link to={createAccount} state={location.state} className={linkClass} />,
          }}
        />
      </p>
    </AuthLayout>
  );
}
