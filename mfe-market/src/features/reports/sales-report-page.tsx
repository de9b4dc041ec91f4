import { formatKES } from '@shambasoko/shared';
import { SELLER_ROLES, type SalesReport } from '@shambasoko/contracts';
import { StatCard } from '@shambasoko/shared/ui';
import { useT as useRouteT } from '../../lib/i18n-routes';
import { useT } from '../../lib/i18n-reports';
import { useSalesReport } from './api/get-sales-report';
import { ReportFrame, ReportStatus } from './components/report-frame';
import { ReportSection } from './components/report-section';
import type { ReportDates } from './report-range';

function SalesFigures({ report }: { report: SalesReport }) {
  const t = useT();
  const money = (n: number) => formatKES(n);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatCard label={t('sales.revenue')} value={money(report.totals.revenue)} className="col-span-2 sm:col-span-1" />
        <StatCard label={t('sales.orders')} value={report.totals.orders} />
        <StatCard label={t('sales.units')} value={report.totals.units} />
      </div>
      <ReportSection
        title={t('sales.byProduct')}
        kind="bars"
        rows={report.byProduct}
        rowKey={(r) => r.productId}
        label={(r) => r.name}
        value={(r) => r.revenue}
        money
        empty={t('sales.empty')}
        columns={[
          { key: 'name', header: t('col.product'), render: (r) => r.name },
          { key: 'units', header: t('col.units'), render: (r) => r.units, className: 'text-right tabular-nums' },
          { key: 'revenue', header: t('col.revenue'), render: (r) => money(r.revenue), className: 'text-right tabular-nums' },
        ]}
      />
      <ReportSection
        title={t('sales.byCounty')}
        kind="bars"
        rows={report.byCounty}
        rowKey={(r) => r.county}
        label={(r) => r.county}
        value={(r) => r.revenue}
        money
        empty={t('sales.empty')}
        columns={[
          { key: 'county', header: t('col.county'), render: (r) => r.county },
          { key: 'orders', header: t('col.orders'), render: (r) => r.orders, className: 'text-right tabular-nums' },
          { key: 'revenue', header: t('col.revenue'), render: (r) => money(r.revenue), className: 'text-right tabular-nums' },
        ]}
      />
      <ReportSection
        title={t('sales.byMonth')}
        kind="line"
        rows={report.byMonth}
        rowKey={(r) => r.month}
        label={(r) => r.month}
        value={(r) => r.revenue}
        money
        empty={t('sales.empty')}
        columns={[
          { key: 'month', header: t('col.month'), render: (r) => r.month },
          { key: 'orders', header: t('col.orders'), render: (r) => r.orders, className: 'text-right tabular-nums' },
          { key: 'revenue', header: t('col.revenue'), render: (r) => money(r.revenue), className: 'text-right tabular-nums' },
        ]}
      />
    </div>
  );
}

function Sales({ dates, userKey }: { dates: ReportDates; userKey: string }) {
  const report = useSalesReport(userKey, dates);
  return report.data ? <SalesFigures report={report.data} /> : <ReportStatus query={report} notForRole="notForRole.sales" />;
}

/** /reports/sales: a seller's own shop, paid sales by product, county and month. */
export default function SalesReportPage() {
  const t = useT();
  const routeT = useRouteT();
  return (
    <ReportFrame
      report="sales"
      title={routeT('route.salesReports')}
      subtitle={t('sales.subtitle')}
      roles={SELLER_ROLES}
      notForRole="notForRole.sales"
    >
      {(dates, userKey) => <Sales dates={dates} userKey={userKey} />}
    </ReportFrame>
  );
}
