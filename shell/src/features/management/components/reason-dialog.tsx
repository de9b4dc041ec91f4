import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useMessageText } from '@shambasoko/shared';
import { adminReasonSchema, type AdminReason } from '@shambasoko/contracts';
import { Button, Dialog, FormError, TextAreaField } from '@shambasoko/shared/ui';
import { useT } from '../i18n';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  /** Rejects with the API's refusal, shown in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Every Management action asks why: the reason goes into the audit (and, for a take-down, to the seller). */
export function ReasonDialog({ open, title, description, confirmLabel, danger = false, onClose, onConfirm }: ReasonDialogProps) {
  const t = useT();
  const messageText = useMessageText();
  const form = useForm<AdminReason>({ resolver: zodResolver(adminReasonSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  // Emptied when it closes, not when it opens: a reset run just after it opened cleared what was typed
  // at once (the browser test filled it in that moment on a busy machine).
  useEffect(() => {
    if (!open) form.reset({ reason: '' });
  }, [open, form]);

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason);
      onClose();
    } catch (error) {
      form.setError('root', { message: (error as Error).message });
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('action.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} type="submit" form="management-reason" disabled={isSubmitting}>
            {isSubmitting ? t('action.saving') : confirmLabel}
          </Button>
        </>
      }
    >
      <form id="management-reason" onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextAreaField
          label={t('reason.label')}
          hint={t('reason.hint')}
          rows={3}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        {errors.root?.message ? <FormError message={messageText(errors.root.message)} /> : null}
      </form>
    </Dialog>
  );
}
