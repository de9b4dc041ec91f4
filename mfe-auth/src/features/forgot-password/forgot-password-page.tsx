import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { identityErrorMessage, preloadIdentity, sendPasswordReset } from '@shambasoko/shared';
import { passwordResetFormSchema } from '@shambasoko/contracts';
import { Button, FormError, buttonClassName } from '@shambasoko/shared/ui';
import { AuthLayout, EmailField, linkClass } from '../../components/auth-layout';
import { readAuthState } from '../../components/redirect-target';
import { useSchemaForm } from '../../components/use-schema-form';
import { useErrorText } from '../../components/error-text';
import { useT } from '../../i18n';

export default function ForgotPasswordPage() {
  useEffect(preloadIdentity, []);
  const t = useT();
  const msg = useErrorText();
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
      setError(identityErrorMessage(err, t('forgot.failed')));
    } finally {
      setBusy(false);
    }
  });

  if (sentTo) {
    return (
      <AuthLayout title={t('forgot.checkTitle')}>
        <div role="status" className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {t('forgot.sent', { email: sentTo })}
        </div>
        <p className="mt-4 text-sm text-stone-600">{t('forgot.next')}</p>
        <Link to="/auth/sign-in" state={{ email: sentTo }} className={buttonClassName({ className: 'mt-6 w-full' })}>
          {t('forgot.backToSignIn')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Link to="/auth/sign-in" state={{ email }} className={linkClass}>
          {t('forgot.backToSignIn')}
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={msg(error)} />
        <EmailField error={msg(form.formState.errors.email?.message)} {...form.register('email', { onChange: () => setError(null) })} />
        <Button type="submit" className="w-full" loading={busy} loadingText={t('forgot.sending')}>
          {t('forgot.send')}
        </Button>
      </form>
    </AuthLayout>
  );
}
