import type { BudgetSummary } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

export interface BudgetSummaryQuery {
  farmId?: string;
  fieldId?: string;
  seasonId?: string;
  cropId?: string;
}

const getBudgetSummary = (params: BudgetSummaryQuery) => api.get<BudgetSummary>('/v1/budget/summary', { params: { ...params } });
const budgetSummaryQuery = (params: BudgetSummaryQuery) =>
  queryOptions({ queryKey: farmKey('budget-summary', params), queryFn: () => getBudgetSummary(params) });
export const useBudgetSummary = (params: BudgetSummaryQuery) =>
  useQuery({ ...budgetSummaryQuery(params), placeholderData: keepPreviousData });
