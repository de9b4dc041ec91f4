import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { SalesReport } from '@shambasoko/contracts';
import type { ReportDates } from '../report-range';

/** GET /v1/reports/sales: the caller's own shop's paid sales (seller roles only). */
const getSalesReport = (dates: ReportDates) => api.get<SalesReport>('/v1/reports/sales', { params: dates });

const salesReportQuery = (userKey: string, dates: ReportDates) =>
  queryOptions({ queryKey: ['market', 'reports', userKey, 'sales', dates], queryFn: () => getSalesReport(dates) });

export const useSalesReport = (userKey: string, dates: ReportDates) => useQuery(salesReportQuery(userKey, dates));
