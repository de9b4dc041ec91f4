import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatKES, useMessageText } from '@shambasoko/shared';
import { ErrorState, PageHeader, StatCard } from '@shambasoko/shared/ui';
import { useAdminOverview } from './api/get-overview';
import { AdminOnly } from './components/admin-only';
import { useT } from './i18n';

/** A figure is a link to the list behind it: the whole card is the tap target. */
function Figure({ to, label, value, hint }: { to: string; label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <li>
      <Link to={to} className="block rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600 hover:[&>div]:border-brand-400">
        <StatCard label={label} value={value} hint={hint} />
      </Link>
    </li>
  );
}

/** /admin: the platform at a glance for an Admin. */
function OverviewPageContent() {
  const t = useT();
  const messageText = useMessageText();
  const overview = useAdminOverview();
  const header = <PageHeader title={t('overview.title')} subtitle={t('overview.subtitle')} />;
  if (overview.isPending)
    return (
      <main className="mx-auto max-w-5xl p-4 sm:p-6">
        {header}
        <div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-stone-200" />
      </main>
    );
  if (overview.isError)
    return (
      <main className="mx-auto max-w-5xl p-4 sm:p-6">
        {header}
        <ErrorState title={t('overview.loadError')} message={messageText(overview.error.message)} onRetry={() => overview.refetch()} />
      </main>
    );
  const o = overview.data;
  return (
    <main className="mx-auto max-w-5xl p-4 pb-24 sm:p-6">
      {header}
      <ul className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3" aria-label={t('overview.figures')}>
        <Figure
          to={o.ordersToday.href}
          label={t('overview.ordersToday')}
          value={o.ordersToday.count}
          hint={formatKES(o.ordersToday.value)}
        />
        <Figure
          to={o.ordersThisMonth.href}
          label={t('overview.ordersThisMonth')}
          value={o.ordersThisMonth.count}
          hint={formatKES(o.ordersThisMonth.value)}
        />
        <Figure to={o.newAccountsToday.href} label={t('overview.newAccountsToday')} value={o.newAccountsToday.count} />
        <Figure to={o.newAccountsThisMonth.href} label={t('overview.newAccountsThisMonth')} value={o.newAccountsThisMonth.count} />
        <Figure to={o.sellersWaiting.href} label={t('overview.sellersWaiting')} value={o.sellersWaiting.count} />
        <Figure to={o.flaggedPayments.href} label={t('overview.flaggedPayments')} value={o.flaggedPayments.count} />
        <Figure to={o.switchedOffRemotes.href} label={t('overview.switchedOffRemotes')} value={o.switchedOffRemotes.count} />
        {o.paymentSuccess.map((p) => (
          <Figure
            key={p.method}
            to={p.href}
            label={t('overview.paymentSuccess', { method: t(`method.${p.method as 'mpesa' | 'card' | 'bank'}`) })}
            value={p.rate === null ? '—' : `${p.rate}%`}
            hint={t('overview.paymentAttempts', { succeeded: p.succeeded, attempts: p.attempts })}
          />
        ))}
      </ul>
      <nav aria-label={t('overview.more')} className="mt-4">
        <Link to="/admin/reconciliation" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          {t('overview.reconciliation')}
        </Link>
        <Link to="/admin/integrations" className="ml-4 inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          {t('overview.integrations')}
        </Link>
      </nav>
    </main>
  );
}

export default function OverviewPage() {
  return (
    <AdminOnly>
      <OverviewPageContent />
    </AdminOnly>
  );
}
