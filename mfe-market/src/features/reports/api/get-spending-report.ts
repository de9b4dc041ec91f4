import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { SpendingReport } from '@shambasoko/contracts';
import type { ReportDates } from '../report-range';

/** GET /v1/reports/spending: the caller's own paid orders as a buyer (Buyer or Retailer). */
const getSpendingReport = (dates: ReportDates) => api.get<SpendingReport>('/v1/reports/spending', { params: dates });

const spendingReportQuery = (userKey: string, dates: ReportDates) =>
  queryOptions({ queryKey: ['market', 'reports', userKey, 'spending', dates], queryFn: () => getSpendingReport(dates) });

export const useSpendingReport = (userKey: string, dates: ReportDates) => useQuery(spendingReportQuery(userKey, dates));
