import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { EMAIL_CONFIRMATION_NOTE, IDENTITY_MESSAGES, identityErrorMessage, signUpWithEmail, signUpWithGoogle, preloadIdentity } from '@shambasoko/shared';
import { signUpFormSchema, type SignUpFormValues } from '@shambasoko/shared/contracts';
import { Button, FormError, PasswordField, TextField } from '@shambasoko/shared/ui';
import { AuthLayout, linkClass, OrDivider, PolicyLinks } from '../../components/auth-layout';
import { GoogleButton } from '../../components/google-button';
import { afterSignIn } from '../../components/redirect-target';
import { checkPasswordPair, useSchemaForm } from '../../components/use-schema-form';

const EMPTY: SignUpFormValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export default function CreateAccountPage() {
  useEffect(preloadIdentity, []);
  const location = useLocation();
  const navigate = useNavigate();
  const form = useSchemaForm(signUpFormSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'email' | 'google' | null>(null);
  const done = () => navigate(afterSignIn(location.state), { replace: true });

  const field = (name: keyof SignUpFormValues) =>
    form.register(name, {
      onChange: () => {
        setError(null);
        checkPasswordPair(form, name);
      },
    });

  const submit = form.handleSubmit(
    async (values) => {
      setError(null);
      setBusy('email');
      try {
        await signUpWithEmail(values);
        done();
      } catch (err) {
        setError(identityErrorMessage(err, IDENTITY_MESSAGES.createAccount));
        setBusy(null);
      }
    },
    // The password problems go in the red box above the form: mismatch first, then length.
    (invalid) => setError(invalid.confirmPassword?.message ?? invalid.password?.message ?? null),
  );

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
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={error} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required error={errors.firstName?.message} {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required error={errors.lastName?.message} {...field('lastName')} />
        </div>
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          placeholder="you@example.co.ke"
          hint={EMAIL_CONFIRMATION_NOTE}
          error={errors.email?.message}
          {...field('email')}
        />
        <PasswordField label="Password" autoComplete="new-password" required hint="At least 6 characters" {...field('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" required error={errors.confirmPassword?.message} {...field('confirmPassword')} />
        <Button type="submit" className="w-full" loading={busy === 'email'} loadingText="Creating Account..." disabled={busy === 'google'}>
          Create Account
        </Button>
        <PolicyLinks action="Create Account" />
      </form>
    </AuthLayout>
  );
}
