import type { Field } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

const getField = (fieldId: string) => api.get<Field>(`/v1/fields/${encodeURIComponent(fieldId)}`);
const fieldQuery = (fieldId: string) => queryOptions({ queryKey: farmKey('field', fieldId), queryFn: () => getField(fieldId) });
export const useField = (fieldId: string | undefined) => useQuery({ ...fieldQuery(fieldId ?? ''), enabled: Boolean(fieldId) });
