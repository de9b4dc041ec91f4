import type { Crop, UpdateCropInput } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const updateCrop = ({ id, input }: { id: string; input: UpdateCropInput }) => api.patch<Crop>(`/v1/crops/${encodeURIComponent(id)}`, input);
export function useUpdateCrop() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateCrop, onSuccess: () => invalidate(client, ...AFFECTS.crop) });
}
