import type { Field, FieldStatus, ListQuery, Paginated } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';
import { useSavedNarrowing } from '../../../lib/saved-narrowing';

export type FieldsQuery = ListQuery & { farmId?: string; status?: FieldStatus };

const getFields = (params: FieldsQuery) => api.get<Paginated<Field>>('/v1/fields', { params: { ...params } });
const fieldsQuery = (params: FieldsQuery) => queryOptions({ queryKey: farmKey('fields', params), queryFn: () => getFields(params) });
export const useFields = (params: FieldsQuery) =>
  useQuery({ ...fieldsQuery(params), placeholderData: useSavedNarrowing<Paginated<Field>>('fields', params) });
