import { useState } from 'react';
import { useMessageText } from '@shambasoko/shared';
import { Button, Dialog, FormError, TextAreaField } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-orders';

/** Asks before cancelling, with an optional reason the seller will see; shows the API's refusal. */
export function CancelDialog({
  open,
  title,
  message,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  message: string;
  onClose(): void;
  onConfirm(reason: string): Promise<unknown>;
}) {
  const t = useT();
  const messageText = useMessageText();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    setReason('');
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setBusy(false);
      setReason('');
      onClose();
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error && e.message ? messageText(e.message) : t('cancel.error'));
    }
  };
  return (
    <Dialog open={open} onClose={close} title={title} description={message} size="sm">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <FormError message={error} />
        <TextAreaField
          label={t('cancel.reason')}
          hint={t('cancel.optional')}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close} disabled={busy}>
            {t('cancel.keep')}
          </Button>
          <Button type="submit" variant="danger" loading={busy} loadingText={t('cancel.busy')}>
            {title}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
