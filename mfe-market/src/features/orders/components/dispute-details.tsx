import { formatDate, formatKES } from '@shambasoko/shared';
import type { Dispute, DisputeStatus } from '@shambasoko/contracts';
import { Badge, type BadgeTone } from '@shambasoko/shared/ui';
import { PhotoStrip } from '@shambasoko/shared/ui/photo-strip';
import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { useT } from '../../../lib/i18n-orders';

const TONES: Record<DisputeStatus, BadgeTone> = { open: 'warning', refunded: 'info', released: 'neutral' };
const WHEN: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: NAIROBI_TIME_ZONE };

/** A part's dispute as the buyer follows it: what was reported, the seller's answer, the decision. */
export function DisputeDetails({ dispute: d }: { dispute: Dispute }) {
  const t = useT();
  return (
    <section
      aria-label={t('dispute.title')}
      data-testid="dispute"
      className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-stone-900">{t('dispute.title')}</h3>
        <Badge tone={TONES[d.status]}>{t(`dispute.status.${d.status}`)}</Badge>
      </div>
      <p className="text-stone-800">
        {t(`dispute.reason.${d.reason}`)} · {formatDate(new Date(d.createdAt), WHEN)}
      </p>
      <p className="whitespace-pre-line text-stone-700">{d.note}</p>
      <PhotoStrip urls={d.photos} label={t('dispute.yourPhotos')} />
      {d.sellerNote ? (
        <div>
          <p className="font-medium text-stone-900">{t('dispute.sellerAnswer', { seller: d.sellerName })}</p>
          <p className="whitespace-pre-line text-stone-700">{d.sellerNote}</p>
          <PhotoStrip urls={d.sellerPhotos} label={t('dispute.sellerPhotos')} />
        </div>
      ) : d.status === 'open' ? (
        <p className="text-stone-600">{t('dispute.waitingSeller')}</p>
      ) : null}
      {d.status === 'refunded' && d.refundAmount !== null ? (
        <p className="font-medium text-stone-900">{t('dispute.refunded', { amount: formatKES(d.refundAmount) })}</p>
      ) : null}
      {d.status === 'released' ? <p className="font-medium text-stone-900">{t('dispute.released')}</p> : null}
      {d.decisionReason ? <p className="text-stone-700">{t('dispute.why', { reason: d.decisionReason })}</p> : null}
    </section>
  );
}
