import { useEffect, useState } from 'react';
import { Button, Dialog, FormError, TextAreaField } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-sales';

/** Asks for the dispatch note or the cancel reason before the step is sent. */
export function StepDialog({
  open,
  title,
  label,
  required,
  confirmLabel,
  danger,
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
  /** A step that undoes the sale (cancel) gets the red button. */
  danger: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (text: string) => void;
}) {
  const t = useT();
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
            {t('seller.back')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={confirm}>
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
          error={missing ? t('seller.required', { label }) : null}
        />
        <FormError message={error} />
      </div>
    </Dialog>
  );
}
