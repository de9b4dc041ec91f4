import type { CreateHarvestInput, Harvest } from '@shambasoko/contracts';
import { DEFAULT_KG_PER_UNIT } from '@shambasoko/contracts/farm-record-values';
import { AFFECTS } from '../../../lib/query-keys';
import { useOfflineMutation } from '../../../lib/offline-mutation';

/** A harvest is recorded in the field, often without network: it queues offline like costs and activities. */
export function useCreateHarvest(cropId: string, farmId: string) {
  return useOfflineMutation<CreateHarvestInput, Harvest>({
    kind: 'harvest.create',
    path: () => `/v1/crops/${encodeURIComponent(cropId)}/harvests`,
    label: (input) => `${input.quantity} ${input.unit}`,
    pending: (input) => {
      const kgPerUnit = input.kgPerUnit ?? DEFAULT_KG_PER_UNIT[input.unit] ?? 0;
      return {
        farmId,
        cropId,
        date: input.date,
        quantity: input.quantity,
        unit: input.unit,
        kgPerUnit,
        kg: input.quantity * kgPerUnit,
        grade: input.grade ?? '',
        destination: input.destination,
        notes: input.notes ?? '',
      };
    },
    list: 'harvests',
    affects: AFFECTS.harvest,
  });
}
