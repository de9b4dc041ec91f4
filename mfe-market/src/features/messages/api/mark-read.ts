import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Conversation } from '@shambasoko/contracts';

/** POST /v1/conversations/:id/read */
const markRead = (id: string) => api.post<Conversation>(`/v1/conversations/${encodeURIComponent(id)}/read`);

export function useMarkRead(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => markRead(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['messages', 'conversations'] });
      void client.invalidateQueries({ queryKey: ['messages', 'unread'] });
    },
  });
}
