import { todayInNairobi } from '@shambasoko/contracts/time';
import type { Cost, CreateCostInput } from '@shambasoko/contracts';
import { cachedName } from '../../../lib/cached-names';
import { AFFECTS } from '../../../lib/query-keys';
import { useOfflineMutation } from '../../../lib/offline-mutation';

export function useCreateCost() {
  return useOfflineMutation<CreateCostInput, Cost>({
    kind: 'cost.create',
    path: () => '/v1/costs',
    label: (input) => input.description || input.budgetCategory,
    pending: (input, client) => ({
      farmId: input.farmId,
      farm: cachedName(client, 'farms', input.farmId) ?? '',
      field: cachedName(client, 'fields', input.fieldId),
      fieldId: input.fieldId ?? null,
      seasonId: input.seasonId ?? null,
      season: cachedName(client, 'seasons', input.seasonId),
      cropId: input.cropId ?? null,
      crop: cachedName(client, 'crops', input.cropId),
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
