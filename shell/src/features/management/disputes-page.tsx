import { useState } from 'react';
import { formatKES, useLocale, useMessageText } from '@shambasoko/shared';
import type { Dispute } from '@shambasoko/contracts';
import { Badge, Button, EmptyState, ErrorState, PageHeader, SelectField } from '@shambasoko/shared/ui';
import { PhotoStrip } from '@shambasoko/shared/ui/photo-strip';
import { useDecideDispute } from './api/decide-dispute';
import { type DisputeFilter, useAdminDisputes } from './api/get-disputes';
import { AdminOnly } from './components/admin-only';
import { DecideDialog } from './components/decide-dialog';
import { formatMoment } from './components/format';
import { useT } from './i18n';

function DisputeCard({ dispute: d, onDecide }: { dispute: Dispute; onDecide: (d: Dispute) => void }) {
  const t = useT();
  const [locale] = useLocale();
  return (
    <li>
      <article
        aria-label={t('disputes.card', { number: d.orderNumber })}
        className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 text-sm shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold text-stone-900">{t('disputes.card', { number: d.orderNumber })}</h2>
          <Badge tone={d.status === 'open' ? 'warning' : 'neutral'}>{t(`disputes.status.${d.status}`)}</Badge>
        </div>
        <p className="text-stone-600">
          {t('disputes.parties', { buyer: d.buyerName, seller: d.sellerName })} ·{' '}
          <span className="tabular-nums">{formatKES(d.partAmount)}</span>
        </p>
        <p className="text-stone-600">{formatMoment(d.createdAt, locale)}</p>
        <p className="font-medium text-stone-900">{t(`disputes.reason.${d.reason}`)}</p>
        <p className="whitespace-pre-line text-stone-700">{d.note}</p>
        <PhotoStrip urls={d.photos} label={t('disputes.buyerPhotos')} />
        {d.sellerNote ? (
          <div>
            <p className="font-medium text-stone-900">{t('disputes.sellerAnswer', { seller: d.sellerName })}</p>
            <p className="whitespace-pre-line text-stone-700">{d.sellerNote}</p>
            <PhotoStrip urls={d.sellerPhotos} label={t('disputes.sellerPhotos')} />
          </div>
        ) : (
          <p className="text-stone-600">{t('disputes.noAnswer')}</p>
        )}
        {d.status === 'refunded' && d.refundAmount !== null ? (
          <p className="font-medium text-stone-900">
            {t('disputes.refunded', { amount: formatKES(d.refundAmount), reason: d.decisionReason ?? '' })}
          </p>
        ) : null}
        {d.status === 'released' ? (
          <p className="font-medium text-stone-900">{t('disputes.released', { reason: d.decisionReason ?? '' })}</p>
        ) : null}
        {d.status === 'open' ? (
          <Button onClick={() => onDecide(d)} className="w-full sm:w-auto sm:self-start">
            {t('disputes.decide')}
          </Button>
        ) : null}
      </article>
    </li>
  );
}

/** /admin/disputes: buyers' problems with delivered parts, oldest first; an Admin refunds or releases. */
function DisputesPageContent() {
  const t = useT();
  const messageText = useMessageText();
  const [status, setStatus] = useState<DisputeFilter>('open');
  const [deciding, setDeciding] = useState<Dispute | null>(null);
  const disputes = useAdminDisputes(status);
  const decide = useDecideDispute();
  return (
    <main className="mx-auto max-w-5xl p-4 pb-24 sm:p-6">
      <PageHeader title={t('disputes.title')} subtitle={t('disputes.subtitle')} />
      <SelectField
        label={t('disputes.show')}
        containerClassName="mb-4 max-w-56"
        value={status}
        onChange={(e) => setStatus(e.target.value as DisputeFilter)}
        options={[
          { value: 'open', label: t('disputes.filter.open') },
          { value: 'decided', label: t('disputes.filter.decided') },
        ]}
      />
      {disputes.isPending ? (
        <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-stone-200" />
      ) : disputes.isError ? (
        <ErrorState title={t('disputes.loadError')} message={messageText(disputes.error.message)} onRetry={() => disputes.refetch()} />
      ) : disputes.data.items.length === 0 ? (
        <EmptyState title={status === 'open' ? t('disputes.empty.open') : t('disputes.empty.decided')} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('disputes.results')}>
          {disputes.data.items.map((d) => (
            <DisputeCard key={d.id} dispute={d} onDecide={setDeciding} />
          ))}
        </ul>
      )}
      <DecideDialog
        dispute={deciding}
        onClose={() => setDeciding(null)}
        onConfirm={(decision) => decide.mutateAsync({ id: deciding!.id, decision })}
      />
    </main>
  );
}

export default function DisputesPage() {
  return (
    <AdminOnly>
      <DisputesPageContent />
    </AdminOnly>
  );
}
