import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  EMAIL_CHECK_DELAY_MS,
  EMAIL_CONFIRMATION_NOTE,
  emailExists,
  IDENTITY_MESSAGES,
  identityErrorMessage,
  isGetStartedValid,
  isValidEmail,
  passwordMismatch,
  signInWithEmail,
  signUpWithEmail,
  Spinner,
  type GetStartedValues,
  preloadIdentity,
} from '@shambasoko/shared';
import { Button, FormError, PasswordField, TextField } from '@shambasoko/shared/ui';
import { AuthLayout, linkClass, PolicyLinks } from '../../components/auth-layout';
import { afterSignIn, readAuthState } from '../../components/redirect-target';

type Mode = 'unknown' | 'checking' | 'existing' | 'new';

export default function GetStartedPage() {
  useEffect(preloadIdentity, []);
  const location = useLocation();
  const navigate = useNavigate();
  const [values, setValues] = useState<GetStartedValues>(() => ({
    email: readAuthState(location.state).email ?? '',
    firstName: '',
    lastName: '',
    phone: '',
    password: '',
    confirmPassword: '',
  }));
  const [mode, setMode] = useState<Mode>('unknown');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  const field = (name: keyof GetStartedValues) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setError(null);
    },
  });

  const existing = mode === 'existing';
  const decided = mode === 'existing' || mode === 'new';
  const valid = decided && isGetStartedValid(existing ? 'existing' : 'new', values);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      if (existing) await signInWithEmail(values.email, values.password);
      else await signUpWithEmail(values);
      navigate(afterSignIn(location.state), { replace: true });
    } catch (err) {
      setError(identityErrorMessage(err, existing ? IDENTITY_MESSAGES.signIn : IDENTITY_MESSAGES.createAccount));
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={existing ? 'Welcome Back!' : 'Get Started'}
      subtitle={existing ? 'Sign in to continue to your farm.' : 'Enter your e-mail to sign in or create your account.'}
      footer={
        <Link to="/" className={linkClass}>
          Back to Home
        </Link>
      }
    >
      <form onSubmit={submit} className="space-y-4">
        <FormError message={error} />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          placeholder="you@example.co.ke"
          hint={mode === 'checking' ? <Spinner label="Checking your e-mail" /> : mode === 'new' ? EMAIL_CONFIRMATION_NOTE : undefined}
          {...field('email')}
        />
        {mode === 'new' ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
              <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
            </div>
            <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" required placeholder="+254 712 345 678" {...field('phone')} />
          </>
        ) : null}
        {decided ? (
          <PasswordField
            label="Password"
            autoComplete={existing ? 'current-password' : 'new-password'}
            required
            hint={existing ? undefined : 'At least 6 characters'}
            {...field('password')}
          />
        ) : null}
        {mode === 'new' ? (
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            error={passwordMismatch(values.password, values.confirmPassword)}
            {...field('confirmPassword')}
          />
        ) : null}
        {existing ? (
          <div className="text-right text-sm">
            <Link to="/forgot-password" state={{ email: values.email }} className={linkClass}>
              Forgot password?
            </Link>
          </div>
        ) : null}
        <Button
          type="submit"
          className="w-full"
          disabled={!valid}
          loading={busy}
          loadingText={existing ? 'Signing In...' : 'Creating Account...'}
        >
          {existing ? 'Sign In' : 'Create Account'}
        </Button>
        <PolicyLinks action={existing ? 'Sign In' : 'Create Account'} />
      </form>
    </AuthLayout>
  );
}
