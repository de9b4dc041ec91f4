import { z } from 'zod';
import { BUDGET_CATEGORIES } from '../common/constants';
import { filterId, id, kes, oneOf, optionalRef } from '../common/schemas';

export const budgetsQuery = z.object({ farmId: id(), seasonId: filterId() });
export const summaryQuery = z.object({ farmId: filterId(), fieldId: filterId(), seasonId: filterId(), cropId: filterId() });

export const putBudgetBody = z.object({
  farmId: id(),
  seasonId: optionalRef(),
  category: oneOf(BUDGET_CATEGORIES),
  planned: kes(),
});

export type BudgetInput = z.infer<typeof putBudgetBody>;
