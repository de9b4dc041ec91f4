import type { Season, UpdateSeasonInput } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const updateSeason = ({ id, input }: { id: string; input: UpdateSeasonInput }) =>
  api.patch<Season>(`/v1/seasons/${encodeURIComponent(id)}`, input);
export function useUpdateSeason() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateSeason, onSuccess: () => invalidate(client, ...AFFECTS.season) });
}
