import type { Field, UpdateFieldInput } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const updateField = ({ fieldId, input }: { fieldId: string; input: UpdateFieldInput }) =>
  api.patch<Field>(`/v1/fields/${encodeURIComponent(fieldId)}`, input);
export function useUpdateField() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateField, onSuccess: () => invalidate(client, ...AFFECTS.field) });
}
