import type { CreateCropInput, Crop } from '@shambasoko/shared';
import { addPendingToLists } from '@shambasoko/shared/offline';
import { AFFECTS } from '../../../lib/query-keys';
import { useOfflineMutation } from '../../../lib/offline-mutation';

export function useCreateCrop() {
  return useOfflineMutation<CreateCropInput, Crop>({
    kind: 'crop.create',
    path: () => '/v1/crops',
    label: (input) => input.name,
    pending: (input) =>
      ({ farmName: '', fieldName: '', seasonName: '', yieldPerHectare: null, createdBy: { id: '', name: '' }, ...input }) as Crop,
    show: (client, crop) => addPendingToLists(client, 'crops', crop),
    affects: AFFECTS.crop,
  });
}
