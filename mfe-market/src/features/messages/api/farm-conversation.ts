import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Conversation } from '@shambasoko/contracts';

/** GET /v1/conversations/farm/:farmId: the farm's one conversation, made on first use. */
const getFarmConversation = (farmId: string) => api.get<Conversation>(`/v1/conversations/farm/${encodeURIComponent(farmId)}`);

const farmConversationQuery = (farmId: string) =>
  queryOptions({ queryKey: ['messages', 'farm', farmId], queryFn: () => getFarmConversation(farmId) });

export const useFarmConversation = (farmId: string) => useQuery(farmConversationQuery(farmId));
