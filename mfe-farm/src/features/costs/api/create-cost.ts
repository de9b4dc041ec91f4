import { todayInNairobi } from '@shambasoko/shared/time';
import type { Cost, CreateCostInput } from '@shambasoko/shared';
import { AFFECTS } from '../../../lib/query-keys';
import { useOfflineMutation } from '../../../lib/offline-mutation';

export function useCreateCost() {
  return useOfflineMutation<CreateCostInput, Cost>({
    kind: 'cost.create',
    path: () => '/v1/costs',
    label: (input) => input.description || input.budgetCategory,
    pending: (input) => ({
      farmId: input.farmId,
      farm: '',
      field: null,
      fieldId: input.fieldId ?? null,
      seasonId: input.seasonId ?? null,
      cropId: input.cropId ?? null,
      activityType: input.activityType ?? '',
      category: input.budgetCategory,
      description: input.description ?? '',
      amount: input.amount,
      date: input.date ?? todayInNairobi(),
    }),
    list: 'costs',
    affects: AFFECTS.cost,
  });
}
