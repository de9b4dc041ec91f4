import { api, type Activity, type UpdateActivityInput } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const updateActivity = ({ id, input }: { id: string; input: UpdateActivityInput }) =>
  api.patch<Activity>(`/v1/activities/${encodeURIComponent(id)}`, input);
export function useUpdateActivity() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateActivity, onSuccess: () => invalidate(client, ...AFFECTS.activity) });
}
