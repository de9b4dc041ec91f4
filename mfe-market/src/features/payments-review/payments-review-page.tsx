import type { AdminPayment } from '@shambasoko/contracts';
import { formatKES, useMessageText } from '@shambasoko/shared';
import { Badge, Card, EmptyState, ErrorState, PageHeader } from '@shambasoko/shared/ui';
import { formatDayTime } from '../../lib/nairobi-time';
import { useShopper } from '../../lib/session';
import { useFlaggedPayments } from './api/get-flagged-payments';
import { useT as useOrdersT } from '../../lib/i18n-orders';
import { useT } from '../../lib/i18n-review';

function Amounts({ payment }: { payment: AdminPayment }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-stone-500">{t('review.expected')}</dt>
        <dd className="font-semibold tabular-nums">{formatKES(payment.amount)}</dd>
      </div>
      <div>
        <dt className="text-stone-500">{t('review.reported')}</dt>
        <dd className="font-semibold text-red-700 tabular-nums">
          {payment.reportedAmount === null ? '—' : formatKES(payment.reportedAmount)}
        </dd>
      </div>
      <div>
        <dt className="text-stone-500">{t('review.receipt')}</dt>
        <dd className="font-medium break-all">{payment.receipt ?? '—'}</dd>
      </div>
      <div>
        <dt className="text-stone-500">{t('review.phone')}</dt>
        <dd className="font-medium">{payment.phone ?? '—'}</dd>
      </div>
    </dl>
  );
}

function FlaggedPayment({ payment }: { payment: AdminPayment }) {
  const t = useT();
  const tOrders = useOrdersT();
  const messageText = useMessageText();
  return (
    <article aria-label={t('review.paymentOf', { number: payment.orderNumber })}>
      <Card
        title={t('review.cardTitle', { number: payment.orderNumber, method: tOrders(`payment.method.${payment.method}`) })}
        actions={<Badge tone="warning">{t('review.flagged')}</Badge>}
        titleAs="h2"
      >
        <div className="flex flex-col gap-4">
          {payment.flagReason ? <p className="text-sm font-medium text-amber-900">{messageText(payment.flagReason)}</p> : null}
          <Amounts payment={payment} />
          <section aria-label={t('review.ledgerOf', { number: payment.orderNumber })}>
            <h3 className="mb-2 text-sm font-semibold text-stone-900">{t('review.ledger')}</h3>
            <ol className="flex flex-col gap-1 border-l-2 border-stone-200 pl-3 text-sm">
              {payment.ledger.map((line, i) => (
                <li key={`${line.createdAt}-${i}`} className="flex flex-col sm:flex-row sm:gap-3">
                  <time dateTime={line.createdAt} className="shrink-0 text-stone-500 tabular-nums">
                    {formatDayTime(line.createdAt)}
                  </time>
                  <span className="text-stone-800">{line.summary}</span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </Card>
    </article>
  );
}

export default function PaymentsReviewPage() {
  const t = useT();
  const messageText = useMessageText();
  const { userKey } = useShopper();
  const payments = useFlaggedPayments(userKey);
  const header = <PageHeader title={t('review.title')} subtitle={t('review.subtitle')} />;
  if (userKey === null) {
    return (
      <main className="mx-auto max-w-5xl p-4 sm:p-6">
        {header}
        <EmptyState title={t('review.signIn.title')} message={t('review.signIn.message')} />
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-5xl p-4 pb-24 sm:p-6 sm:pb-24">
      {header}
      {payments.isPending ? (
        <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-stone-200" />
      ) : payments.isError ? (
        <ErrorState title={t('review.loadError')} message={messageText(payments.error.message)} onRetry={() => payments.refetch()} />
      ) : payments.data.length === 0 ? (
        <Card>
          <EmptyState title={t('review.empty.title')} message={t('review.empty.message')} />
        </Card>
      ) : (
        <div className="flex flex-col gap-4">
          {payments.data.map((p) => (
            <FlaggedPayment key={p.id} payment={p} />
          ))}
        </div>
      )}
    </main>
  );
}
