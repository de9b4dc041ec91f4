import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Conversation } from '@shambasoko/contracts';

/** GET /v1/conversations: the inbox, newest first. */
const getConversations = () => api.get<{ items: Conversation[] }>('/v1/conversations');

const conversationsQuery = () => queryOptions({ queryKey: ['messages', 'conversations'], queryFn: getConversations });

export const useConversations = (refetchInterval: number | false = false) => useQuery({ ...conversationsQuery(), refetchInterval });
