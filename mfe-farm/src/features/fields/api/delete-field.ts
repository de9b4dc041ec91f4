import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, farmKey, invalidate } from '../../../lib/query-keys';

export const deleteField = (fieldId: string) => api.delete<unknown>(`/v1/fields/${encodeURIComponent(fieldId)}`);
export function useDeleteField() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteField,
    onSuccess: (_d, fieldId) => {
      client.removeQueries({ queryKey: farmKey('field', fieldId) });
      return invalidate(client, ...AFFECTS.field.filter((r) => r !== 'field'));
    },
  });
}
