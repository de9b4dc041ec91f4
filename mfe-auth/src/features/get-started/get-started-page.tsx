import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import {
  EMAIL_CHECK_DELAY_MS,
  EMAIL_CONFIRMATION_NOTE,
  emailExists,
  IDENTITY_MESSAGES,
  isValidEmail,
  signInWithEmail,
  signUpWithEmail,
  Spinner,
  preloadIdentity,
} from '@shambasoko/shared';
import { getStartedFormSchema, type GetStartedFormValues } from '@shambasoko/contracts';
import { Button, FormError, PasswordField, TextField } from '@shambasoko/shared/ui';
import { AuthLayout, EmailField, linkClass, PolicyLinks } from '../../components/auth-layout';
import { useErrorText } from '../../components/error-text';
import { NameFields } from '../../components/name-fields';
import { RoleCheckboxes } from '../../components/role-checkboxes';
import { readAuthState } from '../../components/redirect-target';
import { useAuthAction } from '../../components/use-auth-action';
import { checkPasswordPair } from '../../components/use-schema-form';
import { useT } from '../../i18n';

type Mode = 'unknown' | 'checking' | 'existing' | 'new';

export default function GetStartedPage() {
  useEffect(preloadIdentity, []);
  const t = useT();
  const msg = useErrorText();
  const location = useLocation();
  const [mode, setMode] = useState<Mode>('unknown');
  // The schema follows the mode: an existing account needs only e-mail and password.
  const schema = mode === 'existing' ? getStartedFormSchema.existing : getStartedFormSchema.new;
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const resolver: Resolver<GetStartedFormValues> = (...args) => zodResolver(schemaRef.current as typeof getStartedFormSchema.new)(...args);
  const form = useForm<GetStartedFormValues>({
    resolver,
    defaultValues: {
      email: readAuthState(location.state).email ?? '',
      firstName: '',
      lastName: '',
      phone: '',
      password: '',
      confirmPassword: '',
      roles: [],
    },
  });
  const values = form.watch();
  const { error, setError, busy, run } = useAuthAction<'submit'>();

  // 500 ms after the e-mail becomes valid, ask whether it already has an account.
  useEffect(() => {
    if (!isValidEmail(values.email)) {
      setMode('unknown');
      return;
    }
    setMode('checking');
    let current = true;
    const timer = setTimeout(() => {
      emailExists(values.email)
        .then((exists) => current && setMode(exists ? 'existing' : 'new'))
        // Unsure: offer sign-up; the provider then says "already exists. Sign in instead." if it does.
        .catch(() => current && setMode('new'));
    }, EMAIL_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [values.email]);

  const field = (name: keyof GetStartedFormValues) =>
    form.register(name, {
      onChange: () => {
        setError(null);
        checkPasswordPair(form, name);
      },
    });

  const existing = mode === 'existing';
  const action = existing ? t('common.signIn') : t('common.createAccount');
  const decided = mode === 'existing' || mode === 'new';
  // Submit is enabled only when every rule for the mode holds.
  const valid = decided && schema.safeParse(values).success;

  const submit = form.handleSubmit((parsed) =>
    existing
      ? run('submit', () => signInWithEmail(parsed.email, parsed.password), IDENTITY_MESSAGES.signIn)
      : run('submit', () => signUpWithEmail(parsed), IDENTITY_MESSAGES.createAccount),
  );

  return (
    <AuthLayout
      title={existing ? t('getStarted.welcomeBack') : t('getStarted.title')}
      subtitle={existing ? t('getStarted.welcomeBackSubtitle') : t('getStarted.subtitle')}
      footer={
        <Link to="/" className={linkClass}>
          {t('common.backHome')}
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={msg(error)} />
        <EmailField
          hint={
            mode === 'checking' ? <Spinner label={t('getStarted.checking')} /> : mode === 'new' ? msg(EMAIL_CONFIRMATION_NOTE) : undefined
          }
          {...field('email')}
        />
        {mode === 'new' ? (
          <>
            <NameFields field={field} />
            <TextField
              label={t('common.phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              placeholder="+254 712 345 678"
              {...field('phone')}
            />
          </>
        ) : null}
        {decided ? (
          <PasswordField
            label={t('common.password')}
            autoComplete={existing ? 'current-password' : 'new-password'}
            required
            hint={existing ? undefined : t('common.passwordHint')}
            {...field('password')}
          />
        ) : null}
        {mode === 'new' ? (
          <PasswordField
            label={t('common.confirmPassword')}
            autoComplete="new-password"
            required
            error={msg(form.formState.errors.confirmPassword?.message)}
            {...field('confirmPassword')}
          />
        ) : null}
        {mode === 'new' ? <RoleCheckboxes register={field('roles')} /> : null}
        {existing ? (
          <div className="text-right text-sm">
            <Link to="/forgot-password" state={{ email: values.email }} className={linkClass}>
              {t('common.forgotPassword')}
            </Link>
          </div>
        ) : null}
        <Button
          type="submit"
          className="w-full"
          disabled={!valid}
          loading={busy !== null}
          loadingText={existing ? t('common.signingIn') : t('common.creatingAccount')}
        >
          {action}
        </Button>
        <PolicyLinks action={action} />
      </form>
    </AuthLayout>
  );
}
