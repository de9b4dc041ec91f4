import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { SignedInDevices } from '@shambasoko/contracts';

const SESSIONS_KEY = ['me', 'sessions'] as const;
const getSessions = () => api.get<SignedInDevices>('/v1/me/sessions').then((body) => body.items);
const sessionsQuery = () => queryOptions({ queryKey: SESSIONS_KEY, queryFn: getSessions, staleTime: 0 });
export const useSessions = () => useQuery(sessionsQuery());

/** Signs out one of the person's other devices, then lists them again. */
export function useSignOutDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/v1/me/sessions/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
