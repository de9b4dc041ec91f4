import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { identityErrorMessage, preloadIdentity, sendPasswordReset } from '@shambasoko/shared';
import { passwordResetFormSchema } from '@shambasoko/shared/contracts';
import { Button, FormError, buttonClassName } from '@shambasoko/shared/ui';
import { AuthLayout, EmailField, linkClass } from '../../components/auth-layout';
import { readAuthState } from '../../components/redirect-target';
import { useSchemaForm } from '../../components/use-schema-form';

export default function ForgotPasswordPage() {
  useEffect(preloadIdentity, []);
  const location = useLocation();
  const form = useSchemaForm(passwordResetFormSchema, { defaultValues: { email: readAuthState(location.state).email ?? '' } });
  const email = form.watch('email');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await sendPasswordReset(values.email);
      setSentTo(values.email);
    } catch (err) {
      setError(identityErrorMessage(err, 'We could not send the reset e-mail. Please try again.'));
    } finally {
      setBusy(false);
    }
  });

  if (sentTo) {
    return (
      <AuthLayout title="Check your e-mail">
        <div role="status" className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-800">
          If an account exists for {sentTo}, we have sent a link to reset your password.
        </div>
        <p className="mt-4 text-sm text-stone-600">Open the link in the e-mail, choose a new password, then sign in with it.</p>
        <Link to="/auth/sign-in" state={{ email: sentTo }} className={buttonClassName({ className: 'mt-6 w-full' })}>
          Back to Sign In
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot Password"
      subtitle="Enter the e-mail you sign in with and we will send you a link to reset your password."
      footer={
        <Link to="/auth/sign-in" state={{ email }} className={linkClass}>
          Back to Sign In
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={error} />
        <EmailField error={form.formState.errors.email?.message} {...form.register('email', { onChange: () => setError(null) })} />
        <Button type="submit" className="w-full" loading={busy} loadingText="Sending...">
          Send Reset Link
        </Button>
      </form>
    </AuthLayout>
  );
}
