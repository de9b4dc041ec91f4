import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AuthoredAnnouncementList } from '@shambasoko/contracts';

const getSellerAnnouncements = () => api.get<AuthoredAnnouncementList>('/v1/seller/announcements');
const sellerAnnouncementsQuery = (userKey: string) =>
  queryOptions({ queryKey: ['announcements', userKey, 'seller'], queryFn: getSellerAnnouncements });

/** GET /v1/seller/announcements: the seller's own posts to followers. */
export const useSellerAnnouncements = (userKey: string, enabled: boolean) => useQuery({ ...sellerAnnouncementsQuery(userKey), enabled });
