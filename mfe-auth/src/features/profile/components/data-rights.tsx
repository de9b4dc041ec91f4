import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '@shambasoko/shared';
import { confirmDeletionFormSchema } from '@shambasoko/contracts';
import { Button, Card, Dialog, FormError, TextField } from '@shambasoko/shared/ui';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadMyData } from '../api/export-my-data';
import { useSchemaForm } from '../../../components/use-schema-form';
import { useErrorText } from '../../../components/error-text';
import { useT } from '../../../i18n';

/** "Your data" (Data Policy; Kenya Data Protection Act 2019): a copy of everything, and erasure. */
export function DataRights({ email }: { email: string }) {
  const t = useT();
  const msg = useErrorText();
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Card className="mt-6">
        <section aria-labelledby="download-data-title">
          <h2 id="download-data-title" className="text-base font-semibold text-stone-900">
            {t('data.download.title')}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{t('data.download.text')}</p>
          <FormError message={msg(download.error?.message)} />
          <div className="mt-4 flex justify-end">
            <Button
              variant="secondary"
              onClick={() => download.mutate()}
              loading={download.isPending}
              loadingText={t('data.download.preparing')}
            >
              {t('data.download.title')}
            </Button>
          </div>
        </section>
      </Card>
      <Card className="mt-6">
        <section aria-labelledby="delete-account-title">
          <h2 id="delete-account-title" className="text-base font-semibold text-red-800">
            {t('data.delete.title')}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{t('data.delete.text')}</p>
          <div className="mt-4 flex justify-end">
            <Button variant="danger" onClick={() => setDeleting(true)}>
              {t('data.delete.title')}
            </Button>
          </div>
        </section>
      </Card>
      <DeleteAccountDialog open={deleting} email={email} onClose={() => setDeleting(false)} />
    </>
  );
}

function DeleteAccountDialog({ open, email, onClose }: { open: boolean; email: string; onClose: () => void }) {
  const t = useT();
  const msg = useErrorText();
  const schema = useMemo(() => confirmDeletionFormSchema(email), [email]);
  const form = useSchemaForm(schema, { mode: 'onChange', defaultValues: { confirmEmail: '' } });
  const matches = form.formState.isValid;
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const close = () => {
    if (remove.isPending) return;
    form.reset();
    remove.reset();
    onClose();
  };

  const submit = form.handleSubmit(({ confirmEmail }) => {
    remove.mutate(confirmEmail, {
      // Home first, then sign out: on this guarded page a cleared session would send them to sign-in.
      onSuccess: () => {
        navigate('/', { replace: true, state: { notice: t('data.delete.done') } });
        void signOut();
      },
    });
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('data.delete.dialogTitle')}
      description={t('data.delete.dialogText')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            type="submit"
            form="delete-account-form"
            disabled={!matches}
            loading={remove.isPending}
            loadingText={t('data.delete.deleting')}
          >
            {t('data.delete.title')}
          </Button>
        </>
      }
    >
      <form id="delete-account-form" onSubmit={submit} noValidate className="space-y-3">
        <FormError message={msg(remove.error?.message)} />
        <TextField
          label={t('data.delete.confirmLabel')}
          type="email"
          autoComplete="off"
          {...form.register('confirmEmail', { onChange: () => remove.reset() })}
          placeholder={email}
          hint={t('data.delete.confirmHint', { email })}
        />
      </form>
    </Dialog>
  );
}
