import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { formatKES, useMessageText } from '@shambasoko/shared';
import { disputeDecisionRequestSchema, type Dispute, type DisputeDecisionRequest } from '@shambasoko/contracts';
import { Button, Dialog, FormError, SelectField, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { useT } from '../i18n';

/** An empty or unreadable amount is no amount: the contract then asks for one on a refund. */
const toAmount = (value: unknown) => (value === '' || value === null || Number.isNaN(Number(value)) ? undefined : Number(value));

/** Refund (all, or an amount up to what the buyer paid for the part) or release to the seller, with a reason. */
export function DecideDialog({
  dispute,
  onClose,
  onConfirm,
}: {
  dispute: Dispute | null;
  onClose: () => void;
  /** Rejects with the API's refusal, shown in the dialog. */
  onConfirm: (decision: DisputeDecisionRequest) => Promise<unknown>;
}) {
  const t = useT();
  const messageText = useMessageText();
  const withLabel = (label: string, message: string | undefined) => (message ? `${label} ${messageText(message)}` : undefined);
  const form = useForm<DisputeDecisionRequest>({
    resolver: zodResolver(disputeDecisionRequestSchema),
    defaultValues: { outcome: 'refund', amount: dispute?.partAmount, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const outcome = form.watch('outcome');

  // Emptied when it closes; on opening only the amount takes the chosen part's (a whole reset just after
  // it opened cleared a reason typed at once, as the reason dialog's did).
  useEffect(() => {
    if (dispute === null) form.reset({ outcome: 'refund', amount: undefined, reason: '' });
    else form.resetField('amount', { defaultValue: dispute.partAmount });
  }, [dispute, form]);

  const submit = form.handleSubmit(async (decision) => {
    try {
      await onConfirm(decision.outcome === 'release' ? { outcome: 'release', reason: decision.reason } : decision);
      onClose();
    } catch (error) {
      form.setError('root', { message: (error as Error).message });
    }
  });

  return (
    <Dialog
      open={dispute !== null}
      onClose={onClose}
      title={t('disputes.decideTitle', { number: dispute?.orderNumber ?? '' })}
      description={t('disputes.decideText', { amount: formatKES(dispute?.partAmount ?? 0) })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" form="dispute-decision" disabled={isSubmitting}>
            {isSubmitting ? t('action.saving') : t('disputes.decide')}
          </Button>
        </>
      }
    >
      <form id="dispute-decision" onSubmit={submit} noValidate className="flex flex-col gap-3">
        <SelectField
          label={t('disputes.outcome')}
          options={[
            { value: 'refund', label: t('disputes.outcome.refund') },
            { value: 'release', label: t('disputes.outcome.release') },
          ]}
          {...form.register('outcome')}
        />
        {outcome === 'refund' ? (
          <TextField
            label={t('disputes.amount')}
            hint={t('disputes.amountHint', { amount: formatKES(dispute?.partAmount ?? 0) })}
            type="number"
            inputMode="numeric"
            min={1}
            max={dispute?.partAmount}
            {...form.register('amount', { setValueAs: toAmount })}
            error={withLabel(t('disputes.amount'), errors.amount?.message)}
          />
        ) : null}
        <TextAreaField
          label={t('reason.label')}
          hint={t('disputes.reasonHint')}
          rows={3}
          {...form.register('reason')}
          error={withLabel(t('reason.label'), errors.reason?.message)}
        />
        {errors.root?.message ? <FormError message={messageText(errors.root.message)} /> : null}
      </form>
    </Dialog>
  );
}
