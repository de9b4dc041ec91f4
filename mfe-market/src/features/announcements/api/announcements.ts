import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AnnouncementList } from '@shambasoko/contracts';

const getAnnouncements = () => api.get<AnnouncementList>('/v1/announcements');
const announcementsQuery = (userKey: string) => queryOptions({ queryKey: ['announcements', userKey], queryFn: getAnnouncements });

/** GET /v1/announcements: what reaches the signed-in reader, in their language, newest first. */
export const useAnnouncements = (userKey: string) => useQuery(announcementsQuery(userKey));
