import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { MessagePage } from '@shambasoko/contracts';

/** GET /v1/conversations/:id/messages: the newest 50, oldest first. */
const getMessages = (id: string) => api.get<MessagePage>(`/v1/conversations/${encodeURIComponent(id)}/messages`);

const messagesQuery = (id: string) => queryOptions({ queryKey: ['messages', 'thread', id], queryFn: () => getMessages(id) });

/** `refetchInterval`: the 15 s poll used while the live stream is down. */
export const useMessages = (id: string, refetchInterval: number | false) => useQuery({ ...messagesQuery(id), refetchInterval });
