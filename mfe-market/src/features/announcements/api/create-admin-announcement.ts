import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AdminAnnouncementRequest, AuthoredAnnouncement } from '@shambasoko/contracts';

const createAdminAnnouncement = (body: AdminAnnouncementRequest) => api.post<AuthoredAnnouncement>('/v1/admin/announcements', body);

/** POST /v1/admin/announcements. */
export function useCreateAdminAnnouncement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createAdminAnnouncement, onSettled: () => client.invalidateQueries({ queryKey: ['announcements'] }) });
}
