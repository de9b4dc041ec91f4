import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Conversation } from '@shambasoko/contracts';

/** GET /v1/conversations/:id */
const getConversation = (id: string) => api.get<Conversation>(`/v1/conversations/${encodeURIComponent(id)}`);

const conversationQuery = (id: string) => queryOptions({ queryKey: ['messages', 'conversation', id], queryFn: () => getConversation(id) });

export const useConversation = (id: string) => useQuery(conversationQuery(id));
