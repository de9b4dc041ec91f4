import type { CreateCropInput, Crop } from '@shambasoko/contracts';
import { AFFECTS } from '../../../lib/query-keys';
import { useOfflineMutation } from '../../../lib/offline-mutation';

export function useCreateCrop() {
  return useOfflineMutation<CreateCropInput, Crop>({
    kind: 'crop.create',
    path: () => '/v1/crops',
    label: (input) => input.name,
    pending: (input) =>
      ({ farmName: '', fieldName: '', seasonName: '', yieldPerHectare: null, createdBy: { id: '', name: '' }, ...input }) as Crop,
    list: 'crops',
    affects: AFFECTS.crop,
  });
}
