import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';

/** GET /v1/messages/unread: the header badge's count. */
const getUnread = () => api.get<{ count: number }>('/v1/messages/unread');

export const unreadQuery = () => queryOptions({ queryKey: ['messages', 'unread'], queryFn: getUnread });

export const useUnreadMessages = () => useQuery({ ...unreadQuery(), refetchInterval: 60_000 });
