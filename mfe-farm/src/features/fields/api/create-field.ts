import type { CreateFieldInput, Field } from '@shambasoko/contracts';
import { AFFECTS } from '../../../lib/query-keys';
import { useOfflineMutation } from '../../../lib/offline-mutation';

type NewField = { farmId: string; input: CreateFieldInput };

export function useCreateField() {
  return useOfflineMutation<NewField, Field>({
    kind: 'field.create',
    path: ({ farmId }) => `/v1/farms/${encodeURIComponent(farmId)}/fields`,
    body: ({ input }) => input,
    label: ({ input }) => input.name,
    pending: ({ farmId, input }) =>
      ({ farmName: '', plantingDate: '', status: 'Active', location: '', unit: 'hectares', ...input, farmId }) as Field,
    list: 'fields',
    affects: AFFECTS.field,
  });
}
