import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AuthoredAnnouncement, SellerAnnouncementRequest } from '@shambasoko/contracts';

const postSellerAnnouncement = (body: SellerAnnouncementRequest) => api.post<AuthoredAnnouncement>('/v1/seller/announcements', body);

/** POST /v1/seller/announcements: to the shop's followers. */
export function usePostSellerAnnouncement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postSellerAnnouncement, onSettled: () => client.invalidateQueries({ queryKey: ['announcements'] }) });
}
