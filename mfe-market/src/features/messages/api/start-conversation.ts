import { useMutation } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Conversation, StartConversationRequest } from '@shambasoko/contracts';

/** POST /v1/conversations: opens (or reopens) the buyer's conversation with a shop. */
const startConversation = (body: StartConversationRequest) => api.post<Conversation>('/v1/conversations', body);

export const useStartConversation = () => useMutation({ mutationFn: startConversation });
