import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';

const deleteAdminAnnouncement = (id: string) => api.delete<null>(`/v1/admin/announcements/${encodeURIComponent(id)}`);

/** DELETE /v1/admin/announcements/:id: a scheduled one, before its time. */
export function useDeleteAdminAnnouncement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteAdminAnnouncement, onSettled: () => client.invalidateQueries({ queryKey: ['announcements'] }) });
}
