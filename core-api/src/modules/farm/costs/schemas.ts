import { z } from 'zod';
import { ACTIVITY_TYPES, BUDGET_CATEGORIES } from '../common/constants';
import { date, filterEnum, filterId, id, kes, listQuery, oneOf, text } from '../common/schemas';

/** The keys `sort` accepts (each also with a "-" for descending); the repository maps them to SQL. */
export const COST_SORT_KEYS = ['date', 'amount', 'category', 'activityType', 'description', 'farmName', 'createdAt'] as const;
export type CostSortKey = (typeof COST_SORT_KEYS)[number];

export const costParams = z.object({ costId: id() });
export const costsQuery = listQuery(COST_SORT_KEYS, {
  farmId: filterId(),
  fieldId: filterId(),
  seasonId: filterId(),
  cropId: filterId(),
  category: filterEnum(BUDGET_CATEGORIES),
});

const costShape = {
  fieldId: id(),
  seasonId: id(),
  cropId: id(),
  activityType: oneOf(ACTIVITY_TYPES),
  budgetCategory: oneOf(BUDGET_CATEGORIES),
  description: text(500),
  amount: kes(),
  date: date().optional(),
};
export const createCostBody = z.object({ farmId: id(), ...costShape });
export const updateCostBody = z.object(costShape).partial();

export type CostInput = z.infer<typeof createCostBody>;
export type CostUpdate = z.infer<typeof updateCostBody>;
