import { useState } from 'react';
import { Button, Dialog, FormError, TextAreaField } from '@shambasoko/shared/ui';

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
      setError(e instanceof Error && e.message ? e.message : 'Something went wrong. Please try again.');
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
        <TextAreaField label="Reason" hint="Optional" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close} disabled={busy}>
            Keep order
          </Button>
          <Button type="submit" variant="danger" loading={busy} loadingText="Cancelling...">
            {title}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
