import { useEffect, useState } from 'react';
import { Button, Dialog, FormError, TextAreaField } from '@shambasoko/shared/ui';

/** Asks for the dispatch note or the cancel reason before the step is sent. */
export function StepDialog({
  open,
  title,
  label,
  required,
  confirmLabel,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  label: string;
  required: boolean;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setText('');
      setMissing(false);
    }
  }, [open]);
  const confirm = () => {
    if (required && !text.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(text.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
          <Button variant={confirmLabel.startsWith('Cancel') ? 'danger' : 'primary'} loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <TextAreaField
          label={label}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={missing ? `${label} is required` : null}
        />
        <FormError message={error} />
      </div>
    </Dialog>
  );
}
