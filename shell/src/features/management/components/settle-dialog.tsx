import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { formatKES, translateMessageText, useMessageText } from '@shambasoko/shared';
import { type ManualRefund, type SettleRefund, settleRefundSchema } from '@shambasoko/contracts';
import { Button, Dialog, FormError, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { useT } from '../i18n';

interface SettleDialogProps {
  refund: ManualRefund | null;
  onClose: () => void;
  /** Rejects with the API's refusal, shown in the dialog. */
  onConfirm: (body: SettleRefund) => Promise<unknown>;
}

/** The bank's or gateway's reference of a refund paid outside ShambaSoko; the buyer is told it. */
export function SettleDialog({ refund, onClose, onConfirm }: SettleDialogProps) {
  const t = useT();
  const messageText = useMessageText();
  const form = useForm({ resolver: zodResolver(settleRefundSchema), defaultValues: { reference: '', note: '' } });
  const { errors, isSubmitting } = form.formState;
  const open = refund !== null;

  // Emptied when it closes, not when it opens (a reset just after opening cleared what was typed at once).
  useEffect(() => {
    if (!open) form.reset({ reference: '', note: '' });
  }, [open, form]);

  const submit = form.handleSubmit(async (body) => {
    try {
      await onConfirm(body);
      onClose();
    } catch (error) {
      form.setError('root', { message: (error as Error).message });
    }
  });
  const fieldError = (label: string, message: string | undefined) => (message ? `${label} ${translateMessageText(message)}` : undefined);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={refund ? t('refunds.settleTitle', { amount: formatKES(refund.amount), number: refund.orderNumber }) : ''}
      description={t('refunds.settleText')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" form="management-settle" disabled={isSubmitting}>
            {isSubmitting ? t('action.saving') : t('refunds.settle')}
          </Button>
        </>
      }
    >
      <form id="management-settle" onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          label={t('refunds.reference')}
          hint={t('refunds.referenceHint')}
          required
          error={fieldError(t('refunds.reference'), errors.reference?.message)}
          {...form.register('reference')}
        />
        <TextAreaField
          label={t('refunds.note')}
          rows={2}
          error={fieldError(t('refunds.note'), errors.note?.message)}
          {...form.register('note')}
        />
        {errors.root?.message ? <FormError message={messageText(errors.root.message)} /> : null}
      </form>
    </Dialog>
  );
}
