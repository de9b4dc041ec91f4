import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '@shambasoko/shared';
import { confirmDeletionFormSchema } from '@shambasoko/shared/contracts';
import { Button, Card, Dialog, FormError, TextField } from '@shambasoko/shared/ui';
import { ACCOUNT_DELETED_NOTICE, useDeleteAccount } from '../api/delete-account';
import { useDownloadMyData } from '../api/export-my-data';
import { useSchemaForm } from '../../../components/use-schema-form';

/** "Your data" (Data Policy; Kenya Data Protection Act 2019): a copy of everything, and erasure. */
export function DataRights({ email }: { email: string }) {
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Card className="mt-6">
        <section aria-labelledby="download-data-title">
          <h2 id="download-data-title" className="text-base font-semibold text-stone-900">
            Download my data
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            One JSON file with everything ShambaSoko holds about you: your profile, sign-ins (device make and model), farm memberships and
            the records of the farms you own, orders, reviews, favourites, notifications and cart.
          </p>
          <FormError message={download.error?.message} />
          <div className="mt-4 flex justify-end">
            <Button variant="secondary" onClick={() => download.mutate()} loading={download.isPending} loadingText="Preparing...">
              Download my data
            </Button>
          </div>
        </section>
      </Card>
      <Card className="mt-6">
        <section aria-labelledby="delete-account-title">
          <h2 id="delete-account-title" className="text-base font-semibold text-red-800">
            Delete my account
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Deletes your account and personal data for good and signs you out everywhere. Farms only you belong to are deleted with their
            records. Your orders stay with the sellers for their books, without your name, e-mail, phone or address; your reviews stay as
            “Former customer”.
          </p>
          <div className="mt-4 flex justify-end">
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Delete my account
            </Button>
          </div>
        </section>
      </Card>
      <DeleteAccountDialog open={deleting} email={email} onClose={() => setDeleting(false)} />
    </>
  );
}

function DeleteAccountDialog({ open, email, onClose }: { open: boolean; email: string; onClose: () => void }) {
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
        navigate('/', { replace: true, state: { notice: ACCOUNT_DELETED_NOTICE } });
        void signOut();
      },
    });
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Delete your account?"
      description="This cannot be undone."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            type="submit"
            form="delete-account-form"
            disabled={!matches}
            loading={remove.isPending}
            loadingText="Deleting..."
          >
            Delete my account
          </Button>
        </>
      }
    >
      <form id="delete-account-form" onSubmit={submit} noValidate className="space-y-3">
        <FormError message={remove.error?.message} />
        <TextField
          label="Type your e-mail address to confirm"
          type="email"
          autoComplete="off"
          {...form.register('confirmEmail', { onChange: () => remove.reset() })}
          placeholder={email}
          hint={`Your account’s e-mail address is ${email}.`}
        />
      </form>
    </Dialog>
  );
}
