import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMessageText } from '@shambasoko/shared';
import { DISPUTE_REASONS, MAX_DISPUTE_PHOTOS, openDisputeRequestSchema, type OpenDisputeRequest } from '@shambasoko/contracts';
import { Button, Dialog, FormError, SelectField, TextAreaField } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-orders';

/** "Report a problem" with a delivered part: a reason, a note and up to 3 photos. */
export function DisputeDialog({
  open,
  sellerName,
  onClose,
  onSubmit,
}: {
  open: boolean;
  sellerName: string;
  onClose(): void;
  onSubmit(body: OpenDisputeRequest, photos: File[]): Promise<unknown>;
}) {
  const t = useT();
  const messageText = useMessageText();
  const withLabel = (label: string, message: string | undefined) => (message ? `${label} ${messageText(message)}` : undefined);
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<OpenDisputeRequest>({
    resolver: zodResolver(openDisputeRequestSchema),
    defaultValues: { reason: 'not_received', note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    if (isSubmitting) return;
    form.reset();
    setPhotos([]);
    setError(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={t('dispute.report')} description={t('dispute.reportHint', { seller: sellerName })} size="sm">
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={form.handleSubmit(async (body) => {
          setError(null);
          try {
            await onSubmit(body, photos);
            form.reset();
            setPhotos([]);
            onClose();
          } catch (e) {
            setError(e instanceof Error && e.message ? messageText(e.message) : t('dispute.error'));
          }
        })}
      >
        <FormError message={error} />
        <SelectField
          label={t('dispute.reason')}
          options={DISPUTE_REASONS.map((reason) => ({ value: reason, label: t(`dispute.reason.${reason}`) }))}
          {...form.register('reason')}
          error={withLabel(t('dispute.reason'), errors.reason?.message)}
        />
        <TextAreaField
          label={t('dispute.note')}
          hint={t('dispute.noteHint')}
          rows={4}
          maxLength={1000}
          {...form.register('note')}
          error={withLabel(t('dispute.note'), errors.note?.message)}
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          {t('dispute.photos', { max: MAX_DISPUTE_PHOTOS })}
          <input
            type="file"
            accept="image/*"
            multiple
            className="text-sm"
            onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, MAX_DISPUTE_PHOTOS))}
          />
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close} disabled={isSubmitting}>
            {t('dispute.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} loadingText={t('dispute.sending')}>
            {t('dispute.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
