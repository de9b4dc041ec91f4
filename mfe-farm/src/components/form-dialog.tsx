import { Button, Dialog, FormError, type DialogSize } from '@shambasoko/shared/ui';
import { useId, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../lib/format';
import { useT } from '../lib/i18n';

export type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** The server's customerMessage when it refused; the inputs stay as they were. */
  error?: string | null;
  /** The save: busy while it runs, its refusal shown as `error`, reset when the dialog closes. */
  mutation?: { isPending: boolean; isError: boolean; error: unknown; reset: () => void };
  onSubmit: () => void;
  children: ReactNode;
  size?: DialogSize;
  /** Extra footer buttons placed before Cancel (e.g. Delete). */
  extraActions?: ReactNode;
  submitDisabled?: boolean;
  submitTitle?: string;
};

/** A dialog holding one form: Cancel and a submit button in the footer, the server's refusal on top. */
export function FormDialog({
  open,
  onClose: close,
  title,
  description,
  submitLabel,
  busyLabel,
  mutation,
  busy = mutation?.isPending ?? false,
  error = mutation?.isError ? errorMessage(mutation.error) : null,
  onSubmit,
  children,
  size = 'md',
  extraActions,
  submitDisabled,
  submitTitle,
}: FormDialogProps) {
  const t = useT();
  const formId = useId();
  const onClose = () => {
    mutation?.reset();
    close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title={title}
      description={description}
      size={size}
      closeOnBackdrop={false}
      footer={
        <>
          {extraActions}
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={busy}
            loadingText={busyLabel ?? t('common.saving')}
            disabled={submitDisabled}
            title={submitTitle}
            aria-description={submitTitle}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      {/* noValidate: our own messages instead of the browser's bubbles, same on every device. */}
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormError message={error} />
        {children}
      </form>
    </Dialog>
  );
}
