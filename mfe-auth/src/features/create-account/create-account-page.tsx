import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { EMAIL_CONFIRMATION_NOTE, IDENTITY_MESSAGES, signUpWithEmail, signUpWithGoogle, preloadIdentity } from '@shambasoko/shared';
import { signUpFormSchema, type SignUpFormValues } from '@shambasoko/shared/contracts';
import { Button, FormError, PasswordField, TextField } from '@shambasoko/shared/ui';
import { AuthLayout, EmailField, linkClass, OrDivider, PolicyLinks } from '../../components/auth-layout';
import { GoogleButton } from '../../components/google-button';
import { RoleCheckboxes } from '../../components/role-checkboxes';
import { useAuthAction } from '../../components/use-auth-action';
import { checkPasswordPair, useSchemaForm } from '../../components/use-schema-form';

const EMPTY: SignUpFormValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', roles: ['Farmer'] };

export default function CreateAccountPage() {
  useEffect(preloadIdentity, []);
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
      title="Create Account"
      subtitle="Join farmers, suppliers and buyers across Kenya."
      footer={
        <>
          Already have an account?{' '}
          <Link to={{ pathname: '/auth/sign-in', search: location.search }} state={location.state} className={linkClass}>
            Sign In
          </Link>
        </>
      }
    >
      <GoogleButton
        onClick={() => run('google', signUpWithGoogle, IDENTITY_MESSAGES.googleSignUp)}
        loading={busy === 'google'}
        disabled={busy !== null}
      />
      <OrDivider />
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={error} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required error={errors.firstName?.message} {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required error={errors.lastName?.message} {...field('lastName')} />
        </div>
        <EmailField hint={EMAIL_CONFIRMATION_NOTE} error={errors.email?.message} {...field('email')} />
        <PasswordField label="Password" autoComplete="new-password" required hint="At least 6 characters" {...field('password')} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...field('confirmPassword')}
        />
        <RoleCheckboxes register={field('roles')} error={errors.roles?.message} />
        <Button type="submit" className="w-full" loading={busy === 'email'} loadingText="Creating Account..." disabled={busy === 'google'}>
          Create Account
        </Button>
        <PolicyLinks action="Create Account" />
      </form>
    </AuthLayout>
  );
}
