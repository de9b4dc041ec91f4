import type { AppRole } from '@shambasoko/contracts';
import { formatKES } from '@shambasoko/shared';
import type { SpendingReport } from '@shambasoko/contracts';
import { StatCard } from '@shambasoko/shared/ui';
import { useT as useRouteT } from '../../lib/i18n-routes';
import { useT, type ReportsKey } from '../../lib/i18n-reports';
import { useSpendingReport } from './api/get-spending-report';
import { ReportFrame, ReportStatus } from './components/report-frame';
import { ReportSection } from './components/report-section';
import type { ReportDates } from './report-range';

const BUYERS: readonly AppRole[] = ['Buyer', 'Retailer'];

function SpendingFigures({ report }: { report: SpendingReport }) {
  const t = useT();
  const category = (id: string) => t(`category.${id}` as ReportsKey);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <StatCard label={t('spending.spent')} value={formatKES(report.totals.spent)} />
        <StatCard label={t('spending.orders')} value={report.totals.orders} />
      </div>
      <ReportSection
        title={t('spending.byCategory')}
        kind="bars"
        rows={report.byCategory}
        rowKey={(r) => r.category}
        label={(r) => category(r.category)}
        value={(r) => r.spent}
        money
        empty={t('spending.empty')}
        columns={[
          { key: 'category', header: t('col.category'), render: (r) => category(r.category) },
          { key: 'spent', header: t('col.spent'), render: (r) => formatKES(r.spent), className: 'text-right tabular-nums' },
        ]}
      />
      <ReportSection
        title={t('spending.bySeller')}
        kind="bars"
        rows={report.bySeller}
        rowKey={(r) => r.sellerId}
        label={(r) => r.name}
        value={(r) => r.spent}
        money
        empty={t('spending.empty')}
        columns={[
          { key: 'seller', header: t('col.seller'), render: (r) => r.name },
          { key: 'orders', header: t('col.orders'), render: (r) => r.orders, className: 'text-right tabular-nums' },
          { key: 'spent', header: t('col.spent'), render: (r) => formatKES(r.spent), className: 'text-right tabular-nums' },
        ]}
      />
      <ReportSection
        title={t('spending.byMonth')}
        kind="line"
        rows={report.byMonth}
        rowKey={(r) => r.month}
        label={(r) => r.month}
        value={(r) => r.spent}
        money
        empty={t('spending.empty')}
        columns={[
          { key: 'month', header: t('col.month'), render: (r) => r.month },
          { key: 'orders', header: t('col.orders'), render: (r) => r.orders, className: 'text-right tabular-nums' },
          { key: 'spent', header: t('col.spent'), render: (r) => formatKES(r.spent), className: 'text-right tabular-nums' },
        ]}
      />
    </div>
  );
}

function Spending({ dates, userKey }: { dates: ReportDates; userKey: string }) {
  const report = useSpendingReport(userKey, dates);
  return report.data ? <SpendingFigures report={report.data} /> : <ReportStatus query={report} notForRole="notForRole.spending" />;
}

/** /reports/spending: a buyer's own paid orders by category, seller and month. */
export default function SpendingReportPage() {
  const t = useT();
  const routeT = useRouteT();
  return (
    <ReportFrame
      report="spending"
      title={routeT('route.spendingReports')}
      subtitle={t('spending.subtitle')}
      roles={BUYERS}
      notForRole="notForRole.spending"
    >
      {(dates, userKey) => <Spending dates={dates} userKey={userKey} />}
    </ReportFrame>
  );
}
