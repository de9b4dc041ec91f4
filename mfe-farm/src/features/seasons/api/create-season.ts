import type { CreateSeasonInput, Season } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const createSeason = (input: CreateSeasonInput) => api.post<Season>('/v1/seasons', input);
export function useCreateSeason() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createSeason, onSuccess: () => invalidate(client, ...AFFECTS.season) });
}
