import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { MessageReport } from '@shambasoko/contracts';

export type ReportFilter = 'open' | 'resolved';

/** GET /v1/admin/message-reports */
const getMessageReports = (status: ReportFilter) =>
  api.get<{ items: MessageReport[] }>('/v1/admin/message-reports', { params: { status } });

const messageReportsQuery = (status: ReportFilter) =>
  queryOptions({ queryKey: ['admin', 'message-reports', status], queryFn: () => getMessageReports(status) });

export const useMessageReports = (status: ReportFilter) => useQuery(messageReportsQuery(status));
