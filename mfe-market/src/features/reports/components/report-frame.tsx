import type { ReactNode } from 'react';
import type { AppRole } from '@shambasoko/contracts';
import { ApiError, useMessageText, useSession } from '@shambasoko/shared';
import { EmptyState, ErrorState, PageHeader } from '@shambasoko/shared/ui';
import { useShopper } from '../../../lib/session';
import { useT, type ReportsKey } from '../../../lib/i18n-reports';
import { useReportRange, type ReportDates } from '../report-range';
import { DownloadCsvButton } from './download-csv-button';
import { RangePicker } from './range-picker';

type Report = 'sales' | 'spending' | 'platform';

type Props = {
  report: Report;
  title: string;
  subtitle: string;
  /** The roles the API serves this report to (it checks them again). */
  roles: readonly AppRole[];
  notForRole: ReportsKey;
  children: (dates: ReportDates, userKey: string) => ReactNode;
};

/**
 * A report page's frame: who may see it, the dates and the CSV. An account without one of the
 * report's roles is told so, and nothing is fetched; figures come only to the roles the API serves.
 */
export function ReportFrame({ report, title, subtitle, roles, notForRole, children }: Props) {
  const t = useT();
  const { userKey } = useShopper();
  const held = useSession((s) => s.user?.roles);
  const range = useReportRange();
  const mayRead = held === undefined || held.some((r) => roles.includes(r));
  const body =
    userKey === null ? (
      <EmptyState title={t('signIn.title')} message={t('signIn.message')} />
    ) : !mayRead ? (
      <EmptyState title={t('notForRole.title')} message={t(notForRole)} />
    ) : (
      <>
        <RangePicker choice={range.choice} dates={range.dates} onPreset={range.choosePreset} onDates={range.chooseDates} />
        {children(range.dates, userKey)}
      </>
    );
  return (
    <main className="mx-auto max-w-5xl p-4 pb-24 sm:p-6 sm:pb-24">
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={userKey !== null && mayRead ? <DownloadCsvButton report={report} dates={range.dates} /> : undefined}
      />
      {body}
    </main>
  );
}

/** Loading, a refusal (the API knows the roles best) or a failure; null once the figures are there. */
export function ReportStatus({
  query,
  notForRole,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  notForRole: ReportsKey;
}) {
  const t = useT();
  const messageText = useMessageText();
  if (query.isPending) return <div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-stone-200" />;
  if (!query.isError) return null;
  if (query.error instanceof ApiError && query.error.status === 403)
    return <EmptyState title={t('notForRole.title')} message={t(notForRole)} />;
  return <ErrorState title={t('load.error')} message={messageText(query.error?.message ?? '')} onRetry={() => query.refetch()} />;
}
