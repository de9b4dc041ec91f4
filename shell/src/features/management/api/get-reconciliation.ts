import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Reconciliation } from '@shambasoko/contracts';

export interface ReconciliationDates {
  from: string;
  to: string;
}

const getReconciliation = (dates: ReconciliationDates) => api.get<Reconciliation>('/v1/admin/reconciliation', { params: { ...dates } });

const reconciliationQuery = (dates: ReconciliationDates) =>
  queryOptions({ queryKey: ['admin', 'reconciliation', dates], queryFn: () => getReconciliation(dates) });

export const useReconciliation = (dates: ReconciliationDates) => useQuery(reconciliationQuery(dates));
