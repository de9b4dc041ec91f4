import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatKES, useMessageText } from '@shambasoko/shared';
import { MAX_DISPUTE_PHOTOS, disputeAnswerRequestSchema, type Dispute, type DisputeAnswerRequest } from '@shambasoko/contracts';
import { Badge, Button, FormError, TextAreaField } from '@shambasoko/shared/ui';
import { PhotoStrip } from '@shambasoko/shared/ui/photo-strip';
import { useAnswerDispute } from '../api/answer-dispute';
import { showToast } from '../../../components/toasts';
import { useT as useOrdersT } from '../../../lib/i18n-orders';
import { t as translate, useT } from '../../../lib/i18n-sales';

function AnswerForm({ saleId }: { saleId: string }) {
  const t = useT();
  const messageText = useMessageText();
  const withLabel = (label: string, message: string | undefined) => (message ? `${label} ${messageText(message)}` : undefined);
  const answer = useAnswerDispute(saleId);
  const [photos, setPhotos] = useState<File[]>([]);
  const form = useForm<DisputeAnswerRequest>({ resolver: zodResolver(disputeAnswerRequestSchema), defaultValues: { note: '' } });
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={form.handleSubmit((body) =>
        answer.mutate(
          { body, photos },
          {
            onSuccess: () => {
              setPhotos([]);
              showToast(translate('saleDispute.sent'));
            },
          },
        ),
      )}
    >
      <FormError message={answer.error ? messageText(answer.error.message) : null} />
      <TextAreaField
        label={t('saleDispute.answer')}
        hint={t('saleDispute.answerHint')}
        rows={3}
        maxLength={1000}
        {...form.register('note')}
        error={withLabel(t('saleDispute.answer'), form.formState.errors.note?.message)}
      />
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {t('saleDispute.photos', { max: MAX_DISPUTE_PHOTOS })}
        <input
          type="file"
          accept="image/*"
          multiple
          className="text-sm"
          onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, MAX_DISPUTE_PHOTOS))}
        />
      </label>
      <Button type="submit" size="sm" className="self-start" loading={answer.isPending} loadingText={t('saleDispute.sending')}>
        {t('saleDispute.send')}
      </Button>
    </form>
  );
}

/** Under a delivered sale: the buyer's report (carried by the sales list) and the seller's answer. */
export function SaleDisputePanel({ saleId, dispute: d }: { saleId: string; dispute: Dispute }) {
  const t = useT();
  const tOrders = useOrdersT();
  return (
    <section
      aria-label={t('saleDispute.title')}
      data-testid="sale-dispute"
      className="mt-3 flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-stone-900">{t('saleDispute.title')}</h4>
        <Badge tone={d.status === 'open' ? 'warning' : 'neutral'}>{tOrders(`dispute.status.${d.status}`)}</Badge>
      </div>
      <p className="font-medium text-stone-800">{tOrders(`dispute.reason.${d.reason}`)}</p>
      <p className="whitespace-pre-line text-stone-700">{d.note}</p>
      <PhotoStrip urls={d.photos} label={t('saleDispute.buyerPhotos')} />
      {d.status === 'open' ? <p className="text-stone-700">{t('saleDispute.held')}</p> : null}
      {d.sellerNote ? (
        <div>
          <p className="font-medium text-stone-900">{t('saleDispute.yourAnswer')}</p>
          <p className="whitespace-pre-line text-stone-700">{d.sellerNote}</p>
          <PhotoStrip urls={d.sellerPhotos} label={tOrders('dispute.sellerPhotos')} />
        </div>
      ) : null}
      {d.status === 'open' ? <AnswerForm saleId={saleId} /> : null}
      {d.status === 'refunded' && d.refundAmount !== null ? (
        <p className="font-medium text-stone-900">{t('saleDispute.refunded', { amount: formatKES(d.refundAmount) })}</p>
      ) : null}
      {d.status === 'released' ? <p className="font-medium text-stone-900">{t('saleDispute.released')}</p> : null}
      {d.decisionReason ? <p className="text-stone-700">{tOrders('dispute.why', { reason: d.decisionReason })}</p> : null}
    </section>
  );
}
