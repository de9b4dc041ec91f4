import { api, type CreateFieldInput, type Field } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const createField = ({ farmId, input }: { farmId: string; input: CreateFieldInput }) =>
  api.post<Field>(`/v1/farms/${encodeURIComponent(farmId)}/fields`, input);
export function useCreateField() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createField, onSuccess: () => invalidate(client, ...AFFECTS.field) });
}
