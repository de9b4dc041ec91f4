import type { Activity, CreateActivityInput } from '@shambasoko/contracts';
import { AFFECTS } from '../../../lib/query-keys';
import { useOfflineMutation } from '../../../lib/offline-mutation';

export function useCreateActivity() {
  return useOfflineMutation<CreateActivityInput, Activity>({
    kind: 'activity.create',
    path: () => '/v1/activities',
    label: (input) => input.name,
    pending: (input) => ({
      farmName: '',
      fieldName: '',
      seasonName: null,
      cropName: null,
      userName: null,
      ...input,
      seasonId: input.seasonId ?? null,
      cropId: input.cropId ?? null,
      userId: input.userId ?? null,
      dueDate: input.dueDate ?? null,
      notes: input.notes ?? '',
      status: input.status ?? 'Pending',
    }),
    list: 'activities',
    affects: AFFECTS.activity,
  });
}
