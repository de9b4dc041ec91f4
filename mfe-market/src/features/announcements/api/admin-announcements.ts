import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AuthoredAnnouncementList } from '@shambasoko/contracts';

const getAdminAnnouncements = () => api.get<AuthoredAnnouncementList>('/v1/admin/announcements');
const adminAnnouncementsQuery = (userKey: string) =>
  queryOptions({ queryKey: ['announcements', userKey, 'admin'], queryFn: getAdminAnnouncements });

/** GET /v1/admin/announcements: the Admin's, scheduled and published, with their reach. */
export const useAdminAnnouncements = (userKey: string, enabled: boolean) => useQuery({ ...adminAnnouncementsQuery(userKey), enabled });
