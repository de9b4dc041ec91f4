import type { BudgetPlan } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

export interface BudgetsQuery {
  farmId: string;
  seasonId?: string;
}

const getBudgets = (params: BudgetsQuery) => api.get<BudgetPlan>('/v1/budgets', { params: { ...params } });
const budgetsQuery = (params: BudgetsQuery) => queryOptions({ queryKey: farmKey('budgets', params), queryFn: () => getBudgets(params) });
export const useBudgets = (params: BudgetsQuery, enabled = true) =>
  useQuery({ ...budgetsQuery(params), enabled: enabled && Boolean(params.farmId) });
