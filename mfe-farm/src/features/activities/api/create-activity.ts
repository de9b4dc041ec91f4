import { api, type CreateActivityInput, type Activity } from '@shambasoko/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AFFECTS, invalidate } from '../../../lib/query-keys';

const createActivity = (input: CreateActivityInput) => api.post<Activity>('/v1/activities', input);
export function useCreateActivity() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createActivity, onSuccess: () => invalidate(client, ...AFFECTS.activity) });
}
