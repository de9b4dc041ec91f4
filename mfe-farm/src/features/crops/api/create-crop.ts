import { api, type CreateCropInput, type Crop } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const createCrop = (input: CreateCropInput) => api.post<Crop>('/v1/crops', input);
export function useCreateCrop() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCrop, onSuccess: () => invalidate(client, ...AFFECTS.crop) });
}
