import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetDeleted } from '../../../lib/query-keys';

const deleteField = (fieldId: string) => api.delete<unknown>(`/v1/fields/${encodeURIComponent(fieldId)}`);
export function useDeleteField() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteField, onSuccess: (_data, fieldId) => forgetDeleted(client, 'field', fieldId) });
}
