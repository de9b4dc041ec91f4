import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { PlatformReport } from '@shambasoko/contracts';
import type { ReportDates } from '../report-range';

/** GET /v1/reports/platform: the whole marketplace's figures (Admin only). */
const getPlatformReport = (dates: ReportDates) => api.get<PlatformReport>('/v1/reports/platform', { params: dates });

const platformReportQuery = (userKey: string, dates: ReportDates) =>
  queryOptions({ queryKey: ['market', 'reports', userKey, 'platform', dates], queryFn: () => getPlatformReport(dates) });

export const usePlatformReport = (userKey: string, dates: ReportDates) => useQuery(platformReportQuery(userKey, dates));
