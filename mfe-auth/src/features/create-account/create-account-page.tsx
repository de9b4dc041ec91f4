import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  EMAIL_CONFIRMATION_NOTE,
  IDENTITY_MESSAGES,
  identityErrorMessage,
  passwordMismatch,
  signUpError,
  signUpWithEmail,
  signUpWithGoogle,
  preloadIdentity,
} from '@shambasoko/shared';
import { Button, FormError, PasswordField, TextField } from '@shambasoko/shared/ui';
import { AuthLayout, linkClass, OrDivider, PolicyLinks } from '../../components/auth-layout';
import { GoogleButton } from '../../components/google-button';
import { afterSignIn } from '../../components/redirect-target';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export default function CreateAccountPage() {
  useEffect(preloadIdentity, []);
  const location = useLocation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'email' | 'google' | null>(null);

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setError(null);
    },
  });
  const done = () => navigate(afterSignIn(location.state), { replace: true });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = signUpError(values.password, values.confirmPassword);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy('email');
    try {
      await signUpWithEmail(values);
      done();
    } catch (err) {
      setError(identityErrorMessage(err, IDENTITY_MESSAGES.createAccount));
      setBusy(null);
    }
  }

  async function google() {
    setError(null);
    setBusy('google');
    try {
      await signUpWithGoogle();
      done();
    } catch (err) {
      setError(identityErrorMessage(err, IDENTITY_MESSAGES.googleSignUp));
      setBusy(null);
    }
  }

  return (
    <AuthLayout
      title="Create Account"
      subtitle="Join farmers, suppliers and buyers across Kenya."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/auth/sign-in" state={location.state} className={linkClass}>
            Sign In
          </Link>
        </>
      }
    >
      <GoogleButton onClick={google} loading={busy === 'google'} disabled={busy !== null} />
      <OrDivider />
      <form onSubmit={submit} className="space-y-4">
        <FormError message={error} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" required placeholder="you@example.co.ke" hint={EMAIL_CONFIRMATION_NOTE} {...field('email')} />
        <PasswordField label="Password" autoComplete="new-password" required hint="At least 6 characters" {...field('password')} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          error={passwordMismatch(values.password, values.confirmPassword)}
          {...field('confirmPassword')}
        />
        <Button type="submit" className="w-full" loading={busy === 'email'} loadingText="Creating Account..." disabled={busy === 'google'}>
          Create Account
        </Button>
        <PolicyLinks action="Create Account" />
      </form>
    </AuthLayout>
  );
}
