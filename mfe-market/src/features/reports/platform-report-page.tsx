import { formatKES } from '@shambasoko/shared';
import type { PlatformReport } from '@shambasoko/contracts';
import { StatCard } from '@shambasoko/shared/ui';
import { useT as useRouteT } from '../../lib/i18n-routes';
import { useT, type ReportsKey } from '../../lib/i18n-reports';
import { usePlatformReport } from './api/get-platform-report';
import { ReportFrame, ReportStatus } from './components/report-frame';
import { ReportSection } from './components/report-section';
import type { ReportDates } from './report-range';

function PlatformFigures({ report }: { report: PlatformReport }) {
  const t = useT();
  const method = (id: string) => t(`method.${id}` as ReportsKey);
  const n = report.totals;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatCard label={t('platform.revenue')} value={formatKES(n.revenue)} className="col-span-2 sm:col-span-1" />
        <StatCard label={t('platform.orders')} value={n.orders} />
        <StatCard label={t('platform.signUps')} value={n.signUps} />
        <StatCard label={t('platform.newSellers')} value={n.newSellers} />
        <StatCard label={t('platform.verifiedSellers')} value={n.verifiedSellers} />
        <StatCard label={t('platform.waitingSellers')} value={n.waitingSellers} />
      </div>
      <ReportSection
        title={t('platform.revenueByMonth')}
        kind="line"
        rows={report.byMonth}
        rowKey={(r) => r.month}
        label={(r) => r.month}
        value={(r) => r.revenue}
        money
        empty={t('platform.empty')}
        columns={[
          { key: 'month', header: t('col.month'), render: (r) => r.month },
          { key: 'orders', header: t('col.orders'), render: (r) => r.orders, className: 'text-right tabular-nums' },
          { key: 'revenue', header: t('col.revenue'), render: (r) => formatKES(r.revenue), className: 'text-right tabular-nums' },
        ]}
      />
      <ReportSection
        title={t('platform.payments')}
        kind="bars"
        rows={report.payments}
        rowKey={(r) => r.method}
        label={(r) => method(r.method)}
        value={(r) => r.successRate}
        empty={t('platform.empty')}
        columns={[
          { key: 'method', header: t('col.method'), render: (r) => method(r.method) },
          { key: 'attempts', header: t('col.attempts'), render: (r) => r.attempts, className: 'text-right tabular-nums' },
          { key: 'succeeded', header: t('col.succeeded'), render: (r) => r.succeeded, className: 'text-right tabular-nums' },
          {
            key: 'rate',
            header: t('col.successRate'),
            render: (r) => t('percent', { value: r.successRate }),
            className: 'text-right tabular-nums',
          },
          { key: 'amount', header: t('col.amount'), render: (r) => formatKES(r.amount), className: 'text-right tabular-nums' },
        ]}
      />
      <ReportSection
        title={t('platform.byCounty')}
        kind="bars"
        rows={report.byCounty}
        rowKey={(r) => r.county}
        label={(r) => r.county}
        value={(r) => r.orders}
        empty={t('platform.empty')}
        columns={[
          { key: 'county', header: t('col.county'), render: (r) => r.county },
          { key: 'orders', header: t('col.orders'), render: (r) => r.orders, className: 'text-right tabular-nums' },
          { key: 'revenue', header: t('col.revenue'), render: (r) => formatKES(r.revenue), className: 'text-right tabular-nums' },
        ]}
      />
      <ReportSection
        title={t('platform.signUpsByMonth')}
        kind="line"
        rows={report.byMonth}
        rowKey={(r) => r.month}
        label={(r) => r.month}
        value={(r) => r.signUps}
        empty={t('platform.empty')}
        columns={[
          { key: 'month', header: t('col.month'), render: (r) => r.month },
          { key: 'signUps', header: t('col.signUps'), render: (r) => r.signUps, className: 'text-right tabular-nums' },
        ]}
      />
    </div>
  );
}

function Platform({ dates, userKey }: { dates: ReportDates; userKey: string }) {
  const report = usePlatformReport(userKey, dates);
  return report.data ? <PlatformFigures report={report.data} /> : <ReportStatus query={report} notForRole="notForRole.platform" />;
}

/** /reports/platform: the Admin's view of the whole marketplace. */
export default function PlatformReportPage() {
  const t = useT();
  const routeT = useRouteT();
  return (
    <ReportFrame
      report="platform"
      title={routeT('route.platformReports')}
      subtitle={t('platform.subtitle')}
      roles={['Admin']}
      notForRole="notForRole.platform"
    >
      {(dates, userKey) => <Platform dates={dates} userKey={userKey} />}
    </ReportFrame>
  );
}
